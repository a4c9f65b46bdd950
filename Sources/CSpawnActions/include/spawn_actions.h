#ifndef HOWALARMING_SPAWN_ACTIONS_H
#define HOWALARMING_SPAWN_ACTIONS_H

#include <spawn.h>

/// Adds the action "close every descriptor from `from` up" to `actions`
/// (glibc's posix_spawn_file_actions_addclosefrom_np, which Swift's Glibc module does not show).
int howalarming_spawn_close_from(posix_spawn_file_actions_t *actions, int from);

#endif
