package headless

// usage holds each command's help text; connectionHelp follows it.
var usage = map[string]string{
	"send": `iris send — send one message to the agent, from a script

Usage:
  iris send [--channel NAME|ID] [--thread ID] [--attach PATH]... [--wait] [--json] TEXT
  git diff | iris send [flags] -

The text is the argument, or stdin with - (up to 1 MiB).
Without --wait, iris send exits once the gateway has accepted the message
(iris: ✓ sent ID on stderr). With --wait it writes the reply's text to
stdout and exits when the turn ends: on a terminal it streams as it
arrives (a final text that revises the stream follows a note on stderr);
into a pipe or file only the final text is written. A lost connection is
resumed from the sync cursor without printing anything twice.

Flags:
  --channel NAME|ID    channel (or thread) name or id (default: the default channel)
  --thread ID          thread of that channel
  --attach PATH        attach a file (repeat for several); it is uploaded first,
                       and nothing is sent if an upload fails
  --wait               stream the reply and exit when the turn ends
  --policy FILE        with --wait: answer pickers by this policy (see iris
                       approve --help); exit 8 only for one no rule answers
  --json               print NDJSON events (sent, delta, tool, picker, reply, end)

Exit codes: 0 ok, 2 usage, 3 configuration, 4 token rejected,
6 delivery failed or unknown (or the gateway not reached within
--connect-timeout), 7 the turn ended with an error or was stopped (a stop
from another device while the reply streams needs the gateway's
turn_interrupted extension;
without it the partial reply ends with 0; a reply a gateway restart cut
short, once the reconnect shows the turn gone), 8 a picker waits and no
policy answered it (--wait),
9 unknown channel, 10 ambiguous channel name, 11 nothing to send (empty
text or stdin), 130 interrupted (with --wait the message stays sent).
`,
	"tail": `iris tail — follow the conversation from a script or another terminal

Usage:
  iris tail [--channel NAME|ID | --all] [--json] [--since CURSOR]
  iris tail --notify [--channel NAME|ID | --all] &

Prints each finished message of the default channel (or --channel, or every
lane with --all) as "[Lane] role:" and its text, each picker that waits and,
when the gateway offers the picker_answered extension, each picker answered
and by whom (as the gateway reports it: device, policy and rule), until Ctrl+C (exit 0). It stays up across reconnects and resumes from the
sync cursor, printing nothing twice.

Flags:
  --channel NAME|ID    channel (or thread) name or id to follow
  --all                follow every lane
  --json               one NDJSON event per frame-level event: message, tool,
                       picker, busy, idle, status, connection, cursor
  --since CURSOR       first replay what the gateway holds after CURSOR (the
                       "cursor" of an earlier --json run)
  --notify             print nothing; raise a desktop notification when a
                       picker waits or a reply finishes (notify-send,
                       osascript on macOS, else the terminal's OSC 9)

Exit codes: 0 stopped with Ctrl+C, 2 usage, 3 configuration, 4 token
rejected, 6 gateway unreachable at start, 9 unknown channel, 10 ambiguous
channel name.
`,
	"approve": `iris approve — answer pickers by a policy, leave the rest to humans

Usage:
  iris approve --policy FILE [--dry-run]
  iris approve --policy FILE --explain COMMAND

Runs until Ctrl+C. Each picker waiting now or later is matched against the
policy's [[rule]] tables, deny rules first, then the others, each in file
order; the first match answers it, and one no rule matches is left for the
TUI or iris answer. One line per decision goes to stdout; a summary line
goes to stderr on exit. Every answer goes to the audit log (iris audit)
naming the policy and the rule, and shows in the lane on every device as a
record naming them ("approved once: ... · reported by the gateway as policy
FILE, rule NAME, on DEVICE"): through the gateway when it offers the
picker_answered extension,
else from that audit log in a TUI on this machine (PROTOCOL-EXTENSIONS.md).
Pickers the profile's TUI shows are answered too, even those raised before
the approver first connected.

Policy (TOML):
  [[rule]]
  name = "read-only git"       # shown in the output and the audit log
  type = "approval"            # approval, clarify, confirm, choice or model (required)
  lane = "CI"                  # a channel's id or name, or a thread's id
  command = [["git", "status"], ["git", "log", "--oneline"]]
                               # approvals: word by word, a glob per word
                               # (* stays within a path component), ** any words
  # any_arg = ["-f", "--force*"]   deny rules: any argument matching a glob
  # shell = true               let the command hold shell syntax (; | $( ...)
  # question = "Which environment*"   (or question_regex) on the whole question
  answer = "once"              # deny, once, session, or a choice's value or text
  reason = "..."               # sent with the answer; the agent reads it on deny

A command is split as the shell would split it; one with shell syntax (; &
&& || | newline $( backticks $VAR redirections globs ~ {} # NAME=value) is
never approved unless the rule sets shell = true (deny rules see it anyway).
An approval is matched by its command only, never by its description. A
thread is matched by its id, never by its (agent-chosen) name. A rule may
never answer "always". A policy with an error (bad TOML, unknown key,
"always", a bad glob or regex, an approval rule without command) stops the
approver, naming the file, line and key.

Flags:
  --policy FILE        the policy file (required)
  --dry-run            print what would be answered; answer nothing
  --explain CMD        print how the policy treats an approval of CMD, rule
                       by rule, with why each matches or not; connect to
                       nothing

Exit codes: 0 stopped with Ctrl+C, 2 usage, 3 configuration or policy error,
4 token rejected, 6 gateway unreachable at start.
`,
	"pickers": `iris pickers — list the pickers waiting for an answer, in every lane

Usage:
  iris pickers [--json]

Prints id, lane, type, question or command, choices, age and time left.
Pickers are rebuilt from what the gateway holds for the headless device
(from the first headless command on this profile onwards) plus those the
TUI of the profile and the headless commands running beside it share
(tui_pickers.json, headless_pickers.json.N in its data dir), so one raised
before this command's device first connected is listed too. One answered
elsewhere since that no running Iris saw end may still be listed; iris
answer then says it was already answered.

Flags:
  --json               one NDJSON "picker" event a line (picker_id, type,
                       chat_id, thread_id, question, choices, age_s, left_s)

Exit codes: 0 ok (also when none waits), 3 configuration, 4 token rejected,
6 gateway unreachable.
`,
	"answer": `iris answer — answer a waiting picker

Usage:
  iris answer PICKER_ID VALUE [--reason TEXT] [--permanent]

VALUE must be one of the picker's choices (iris pickers lists them), unless
the picker takes text (a clarify question). Approvals take once, session,
always or deny; always (and a confirm's always) grants for good and needs
--permanent.

Flags:
  --reason TEXT        why (sent with the answer; the agent reads it on deny)
  --permanent          allow the permanent answer "always"

The wire spec gives an answer no reply: it is accepted when the gateway
replies anyway or the agent goes on in that lane after it. After 30 s of
silence it is "sent, not confirmed" (on stderr), which is not a failure.

Exit codes: 0 answered (accepted, or sent and not confirmed), 2 usage,
3 configuration, 4 token rejected, 6 not sent, lost with the connection,
or refused by the gateway, 12 no pending picker has that id (or it was
answered elsewhere), 13 value refused, 130 interrupted while the answer
waited for confirmation (it was sent).
`,
}

// connectionHelp lists the flags every headless command shares.
const connectionHelp = `
Connection flags (as for iris itself; env IRIS_URL, IRIS_TOKEN):
  --profile NAME       config profile to use
  --url URL            gateway WebSocket URL
  --token TOKEN        device token (prefer env or token_file)
  --insecure           allow the token over plain ws:// to a non-loopback host
  --ca-file PATH       extra CA certificate (PEM) for wss://
  --device-name NAME   device name (shown with " (headless)" appended)
  --connect-timeout D  give up reaching the gateway after D: exit 6 (default: the
                       profile's connect_timeout, else 5s)
  -h, --help           print this help

Headless commands connect as their own device of the profile, so they run
while the TUI is open.
`
