enum CommandAPIPlaceholder {}
