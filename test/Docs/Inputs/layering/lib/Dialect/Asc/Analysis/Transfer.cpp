#include "asc/Dialect/Asc/Analysis/Transfer.h"
