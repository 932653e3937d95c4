/* SwiftPM builds a C target from its sources; this one has nothing of its own. libyaml
 * itself is Debian's libyaml-0-2, linked as Package.swift says. */
#include "CYAML.h"
