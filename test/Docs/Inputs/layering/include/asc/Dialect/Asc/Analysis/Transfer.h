#include "asc/Dialect/Asc/Analysis/State.h"
