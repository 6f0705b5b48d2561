package wsclient

// FullDecodes reads how many received frames were fully decoded so far
// (for the decode benchmark in package wsclient_test).
func FullDecodes() int64 { return decodes.Load() }
