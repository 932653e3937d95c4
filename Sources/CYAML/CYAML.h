#ifndef CYAML_H
#define CYAML_H

/*
 * libyaml 0.2.5 (Debian's libyaml-dev) as a Swift module. The Config module drives its
 * event parser (yaml_parser_parse) and builds its own tree from the events; libyaml's
 * document loader, which expands aliases, is not used. Imported by the Config module
 * only.
 */

#include <yaml.h>

#endif
