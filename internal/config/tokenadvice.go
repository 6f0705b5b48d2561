package config

// TokenRejectedAdvice tells where a token the gateway rejected came from
// (a Config.TokenSource) and so what to fix.
func TokenRejectedAdvice(source string) string {
	switch {
	case source == "flag":
		source = "--token"
	case source == "":
		return "the gateway rejected the token; set it with --token, IRIS_TOKEN or the profile's token_file (iris config check shows the source)"
	}
	return "the gateway rejected the token from " + source + "; fix it there and start Iris again"
}
