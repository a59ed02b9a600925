#ifndef HOMEWARD_CLIBPQ_SHIM_H
#define HOMEWARD_CLIBPQ_SHIM_H
#include <libpq-fe.h>
#endif
