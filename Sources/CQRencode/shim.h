#ifndef HOMEWARD_CQRENCODE_SHIM_H
#define HOMEWARD_CQRENCODE_SHIM_H
#include <qrencode.h>
#endif
