package conformance

// rules are the kit's checks, in the order they run and print. Their
// names are stable: scripts may grep for them.
var rules = []rule{
	{"handshake.hello-ack", helloAck},
	{"handshake.version-rejected", versionRejected},
	{"envelope.unknown-type-ignored", unknownTypeIgnored},
	{"envelope.unknown-fields-ignored", unknownFieldsIgnored},
	{"envelope.id-echo", idEcho},
	{"envelope.one-response", oneResponse},
	{"history.order", historyOrder},
	{"history.paging", historyPaging},
	{"history.default-and-limits", historyLimits},
	{"history.integral-limit", historyIntegralLimit},
	{"sync.replay", syncReplay},
	{"broadcast.second-device", broadcastSecondDevice},
	{"receipt.on-send", receiptOnSend},
	{"receipt.to-other-devices", receiptToOtherDevices},
	{"channel.create-rename", channelCreateRename},
	{"channel.set-default", channelSetDefault},
	{"channel.default-not-deletable", defaultNotDeletable},
	{"channel.delete-with-threads", deleteWithThreads},
	{"message.delete-idempotent", deleteIdempotent},
	{"media.upload", mediaUpload},
	{"media.pull", mediaPull},
	{"media.bad-sha256-refused", mediaBadSHA256},
	{"error.auth", errorAuth},
	{"error.not-found", errorNotFound},
	{"error.not-found-without-lane", errorNotFoundWithoutLane},
	{"error.unsupported", errorUnsupported},
	{"error.media-too-large", errorMediaTooLarge},
}
