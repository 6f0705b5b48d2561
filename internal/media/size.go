package media

import "strconv"

// SizeLabel formats a byte count for a chip: "512 B", "1.5 KiB", "12 MiB"
// (one decimal below 10 units). Zero or negative (size unknown) gives "".
func SizeLabel(n int64) string {
	if n <= 0 {
		return ""
	}
	if n < 1024 {
		return strconv.FormatInt(n, 10) + " B"
	}
	units := []string{"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	v := float64(n) / 1024
	u := 0
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	if v < 9.95 { // would round to "10.0"
		return strconv.FormatFloat(v, 'f', 1, 64) + " " + units[u]
	}
	return strconv.FormatFloat(v, 'f', 0, 64) + " " + units[u]
}
