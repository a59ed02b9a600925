#ifndef HOMEWARD_CMOSQUITTO_SHIM_H
#define HOMEWARD_CMOSQUITTO_SHIM_H
#include <mosquitto.h>
#include <mqtt_protocol.h>
#endif
