package config

// MaxTokenSize caps a token source: a token_file's size and what a
// token_command prints. A token is a short string; anything larger (the
// wrong file, a device such as /dev/zero, a runaway command) is refused
// before it can fill memory.
const MaxTokenSize = 64 << 10

// maxConfigSize caps config.toml.
const maxConfigSize = 1 << 20
