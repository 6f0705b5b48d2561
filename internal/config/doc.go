// Package config reads Iris's configuration, $XDG_CONFIG_HOME/iris/config.toml,
// and resolves one profile of it into a Config: the gateway URL and token,
// TLS options, the theme, setting defaults and key overrides.
//
// A complete file:
//
//	default_profile = "home"      # else the profile named "default"
//	theme = "auto"                # auto | dark | light
//
//	[settings]                    # defaults; the app stores later changes
//	runtime_footer = true
//	tool_verbosity = "truncated"  # all | truncated | none
//	show_reasoning = true
//	notifications = true
//	notification_repeats = ["1m", "5m", "15m"]  # gaps between repeats; [] for none
//	send_mode = "steer"           # while the agent is busy: steer | queue | gateway
//
//	[keys]                        # action = [keys], see keymap.Names()
//	"global.quit" = ["ctrl+q"]
//
//	[profiles.home]
//	url = "wss://gateway.example.com/ws"
//	token_file = "home.token"     # relative to the config directory
//	device_name = "laptop"
//
//	[profiles.lab]
//	url = "ws://10.0.0.2:8765/ws"
//	token_command = "pass show hermes/lab"
//	insecure = true               # allow the token over plain ws:// to a remote host
//	ca_file = "~/lab-ca.pem"
//	theme = "light"               # theme, [profiles.X.settings] and
//	[profiles.lab.settings]       # [profiles.X.keys] override the top level
//	send_mode = "queue"
//
// Precedence: URL from --url, IRIS_URL, the profile; token from --token,
// IRIS_TOKEN, token_file, token_command (run by sh with a timeout). The token
// is held in a Secret, which never prints in full. Token sources are bounded
// (MaxTokenSize): token_file must be a regular file (a FIFO or device is
// refused unread), and token_command is killed past the cap or the timeout.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package config
