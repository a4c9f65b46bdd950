// libyaml, the YAML parser of Debian's libyaml-dev: the configuration loader composes its events.
#include <yaml.h>
