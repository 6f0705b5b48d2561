package config

// TOMLError turns an error from decoding the TOML file at path (holding
// data) into a *FileError naming the line and key, as for config.toml. Other
// TOML files Iris reads (the approver's policy) report errors the same way.
func TOMLError(path string, data []byte, err error) error {
	return parseError(path, data, err)
}
