// Package media is everything around a media transfer that is not the byte
// transfer itself (wsclient does that) and not the UI: the kind and MIME type
// of a file to upload, safe display and save names for filenames that come
// from the wire, never-overwriting saves into the XDG download directory, the
// size-capped LRU media cache under the XDG cache directory, and the system
// opener command.
//
// Nothing here touches the terminal; image previews live in internal/media/preview.
//
// Typical flows:
//
//	// /attach PATH
//	up, err := media.DescribeUpload(path) // kind, MIME, size; refuses non-regular files
//	r, err := up.Open()                   // refuses a file changed since
//	ref, err := client.Upload(ctx, up.Spec(), r, progress)
//
//	// a received item: chip label, then open
//	label := media.DisplayName(m.Filename) + " " + media.SizeLabel(m.Size)
//	name := media.FileNameFor(m.Filename, m.Mime) // safe, with an extension
//	path, ok := cache.Path(m.MediaID) // a hit counts as a use
//	if !ok {
//		e, err := cache.Create(m.MediaID, name)
//		if err = client.Pull(ctx, m, e, progress); err != nil {
//			e.Abort()
//		}
//		path, err = e.Commit()
//	}
//	cmd := media.OpenCmd(media.DefaultOpener(), path) // Start it in a tea.Cmd
//
//	// save it: never overwrites, stays inside the download directory
//	dst, err := media.SaveFile(media.DownloadDir(), name, path)
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package media
