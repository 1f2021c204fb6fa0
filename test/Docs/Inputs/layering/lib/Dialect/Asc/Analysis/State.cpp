#include "asc/Dialect/Asc/Analysis/State.h"
// Calls back into the transfer function: a circle.
#include "asc/Dialect/Asc/Analysis/Transfer.h"
