#ifndef CGPIOD_H
#define CGPIOD_H

/*
 * The one C entry point to libgpiod. It builds against libgpiod 1.6.x (the v1 API of
 * Debian bookworm, Raspberry Pi OS bookworm and Ubuntu 24.04) or 2.x (Debian trixie);
 * the generation is chosen from the installed <gpiod.h>.
 */

/* 1 or 2: the libgpiod API generation this shim was compiled against. */
int cgpiod_api_generation(void);

/* The version string of the libgpiod library loaded at run time, e.g. "1.6.3". */
const char *cgpiod_library_version(void);

#endif
