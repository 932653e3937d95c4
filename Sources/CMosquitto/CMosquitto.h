#ifndef CMOSQUITTO_H
#define CMOSQUITTO_H

/*
 * libmosquitto 2.0 (Debian's libmosquitto-dev, pkg-config libmosquitto) as a Swift
 * module. The MQTT module drives it from gpioagg's event loop: mosquitto_socket,
 * mosquitto_loop_read/_write/_misc; never mosquitto_loop_start's thread. Imported by
 * the MQTT module only.
 */

#include <mosquitto.h>
#include <mqtt_protocol.h>

#endif
