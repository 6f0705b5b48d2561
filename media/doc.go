// Package media is everything around a media transfer that is not the byte
// transfer itself (wsclient does that) and not the UI: the kind and MIME type
// of a file to upload, safe display and save names for filenames that come
// from the wire, never-overwriting saves into the XDG download directory, the
// size-capped LRU media cache under the XDG cache directory, and the system
// opener command.
//
// Nothing here touches the terminal; image previews live in media/preview.
//
// Typical flows:
//
//	// /attach PATH
//	up, err := media.DescribeUpload(path) // kind, MIME, size; refuses non-regular files
//	start := up.Start(ref)                // frame.MediaUploadStart for wsclient
//
//	// open a received item
//	e, err := cache.Create(m.MediaID, m.Filename)
//	err = client.Pull(ctx, m, e, progress) // then e.Commit() or e.Abort()
//	path, err := e.Commit()
//	cmd := media.OpenCmd(media.DefaultOpener(), path) // run in a tea.Cmd
//
//	// save a received item
//	dst, err := media.Save(media.DownloadDir(), m.Filename, src)
package media
