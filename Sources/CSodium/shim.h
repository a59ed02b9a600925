#ifndef HOMEWARD_CSODIUM_SHIM_H
#define HOMEWARD_CSODIUM_SHIM_H
#include <sodium.h>
#endif
