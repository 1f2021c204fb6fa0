#include "asc/Dialect/Asc/Analysis/Base.h"
