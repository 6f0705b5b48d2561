package themes

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"
)

// Styles is every lipgloss style the UI draws with, one nested struct per
// component, all derived from one Theme by Build. View code reads fields
// (com.Styles.Transcript.Author…) and never makes styles of its own.
type Styles struct {
	App        AppStyles
	Sidebar    SidebarStyles
	Transcript TranscriptStyles
	Composer   ComposerStyles
	StatusBar  StatusBarStyles
	Dialog     DialogStyles
	Drawer     DrawerStyles
	Help       HelpStyles
}

// AppStyles frame the whole screen.
type AppStyles struct {
	Base    lipgloss.Style // the full screen
	Divider lipgloss.Style // rules between panes
	Muted   lipgloss.Style // any secondary text
	Error   lipgloss.Style // any error text
}

// SidebarStyles draw the channel list.
type SidebarStyles struct {
	Base            lipgloss.Style // the pane (border on the right)
	Title           lipgloss.Style // section titles ("Channels")
	TitleFocused    lipgloss.Style // the title while the sidebar has focus
	Item            lipgloss.Style // a channel row
	Thread          lipgloss.Style // a thread row, nested under its channel
	Selected        lipgloss.Style // the open lane, sidebar unfocused
	SelectedFocused lipgloss.Style // the cursor row, sidebar focused
	Highlighted     lipgloss.Style // a row under the mouse or with news
	Unread          lipgloss.Style // the unread count badge
	Default         lipgloss.Style // the default-channel mark
	Busy            lipgloss.Style // the busy spinner
	Picker          lipgloss.Style // the pending-picker mark
	Muted           lipgloss.Style // empty-state and secondary text
}

// TranscriptStyles draw messages and everything between them.
type TranscriptStyles struct {
	Empty lipgloss.Style // the empty-lane placeholder

	UserBubble      lipgloss.Style
	AssistantBubble lipgloss.Style
	SystemBubble    lipgloss.Style
	CronBubble      lipgloss.Style
	UserAuthor      lipgloss.Style
	AssistantAuthor lipgloss.Style
	SystemAuthor    lipgloss.Style
	CronAuthor      lipgloss.Style
	UserText        lipgloss.Style // plain (non-markdown) user text
	Time            lipgloss.Style // timestamps next to the author

	ReasoningHeader lipgloss.Style // "▾ Reasoning" line
	Reasoning       lipgloss.Style // the reasoning body, dimmed
	Commentary      lipgloss.Style // commentary beats between tool calls

	ToolCard     lipgloss.Style // the card frame
	ToolName     lipgloss.Style
	ToolPreview  lipgloss.Style
	ToolArgs     lipgloss.Style
	ToolRunning  lipgloss.Style // spinner while running
	ToolOK       lipgloss.Style
	ToolFailed   lipgloss.Style
	ToolDuration lipgloss.Style
	ToolOutput   lipgloss.Style

	Footer    lipgloss.Style // runtime footer: model · ctx % · cwd …
	MediaChip lipgloss.Style
	Quote     lipgloss.Style // reply_to quote

	Pending lipgloss.Style // receipts: queued / sending
	Sent    lipgloss.Style // ✓
	Read    lipgloss.Style // ✓✓
	Failed  lipgloss.Style // ✗ not sent

	Typing      lipgloss.Style // typing / busy line and streaming caret
	Banner      lipgloss.Style // notification banner
	BannerError lipgloss.Style // error banner
	Notice      lipgloss.Style // system notices, picker records, restarting
	NewBelow    lipgloss.Style // "new messages below" marker
	SearchMatch lipgloss.Style // a search hit inside text
	Selected    lipgloss.Style // a message jumped to from search
	FocusMark   lipgloss.Style // the line saying the transcript has focus
}

// ComposerStyles draw the input area.
type ComposerStyles struct {
	Base       lipgloss.Style // the frame, unfocused (dim, square corners)
	Focused    lipgloss.Style // the frame, focused (primary, rounded)
	Textarea   textarea.Styles
	Prompt     lipgloss.Style
	Hint       lipgloss.Style // the line under the input
	Mode       lipgloss.Style // the STEER badge
	ModeQueue  lipgloss.Style // the QUEUE badge
	Attachment lipgloss.Style // an attachment chip
}

// StatusBarStyles draw the bottom line.
type StatusBarStyles struct {
	Base       lipgloss.Style // the whole bar
	Online     lipgloss.Style
	Connecting lipgloss.Style
	Offline    lipgloss.Style // offline / reconnecting with countdown
	Error      lipgloss.Style
	Segment    lipgloss.Style // one item (model, ctx %, lane)
	Separator  lipgloss.Style
	Lane       lipgloss.Style // the focused lane's name
	Key        lipgloss.Style // a key hint
}

// DialogStyles draw pickers, confirmations, search and the switcher.
type DialogStyles struct {
	Frame       lipgloss.Style // the modal box
	Title       lipgloss.Style
	Body        lipgloss.Style // question, message, description
	Item        lipgloss.Style
	Selected    lipgloss.Style // the cursor row
	Current     lipgloss.Style // the current-choice mark (●)
	Disabled    lipgloss.Style
	Arming      lipgloss.Style // "arming…" before an approval accepts keys
	Command     lipgloss.Style // the shell command of an approval
	Danger      lipgloss.Style // what a deletion will lose
	Description lipgloss.Style
	Hint        lipgloss.Style   // key hints at the bottom
	Input       lipgloss.Style   // free-text answer, filter and query lines
	TextInput   textinput.Styles // bubbles textinput: search, filter, answers
	Match       lipgloss.Style   // fuzzy or search match highlight
	Muted       lipgloss.Style   // channel, role, time of a search result
	// Shell highlighting of an approval's command (drawn on Command's
	// background): the program word, flags, quoted strings, $variables,
	// operators (| & ; < >) and comments.
	ShellProgram  lipgloss.Style
	ShellFlag     lipgloss.Style
	ShellString   lipgloss.Style
	ShellVariable lipgloss.Style
	ShellOperator lipgloss.Style
	ShellComment  lipgloss.Style
}

// DrawerStyles draw the / command drawer.
type DrawerStyles struct {
	Frame       lipgloss.Style
	Name        lipgloss.Style
	Alias       lipgloss.Style
	Args        lipgloss.Style // args_hint
	Description lipgloss.Style
	Category    lipgloss.Style
	Match       lipgloss.Style // matched characters of the name
	Selected    lipgloss.Style // the highlighted row
}

// HelpStyles draw the help overlay and short help.
type HelpStyles struct {
	Frame   lipgloss.Style
	Title   lipgloss.Style
	Section lipgloss.Style // a group heading (Global, Composer…)
	Key     lipgloss.Style
	Desc    lipgloss.Style
	Model   help.Styles // for bubbles/help
}
