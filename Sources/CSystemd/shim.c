#include "CSystemd.h"
#include <systemd/sd-daemon.h>

int csystemd_notify(const char *state) { return sd_notify(0, state); }
