package themes

import "charm.land/lipgloss/v2"

func (b builder) transcript() TranscriptStyles {
	p := b.p
	return TranscriptStyles{
		Empty: b.subtle().Align(lipgloss.Center, lipgloss.Center),

		UserBubble:      b.bubble(p.User),
		AssistantBubble: b.bubble(p.Assistant),
		SystemBubble:    b.bubble(p.System),
		CronBubble:      b.bubble(p.Cron),
		UserAuthor:      b.bold(p.User),
		AssistantAuthor: b.bold(p.Assistant),
		SystemAuthor:    b.bold(p.System).Italic(b.mono),
		CronAuthor:      b.bold(p.Cron).Underline(b.mono),
		UserText:        b.fg(p.Fg),
		Time:            b.subtle(),

		ReasoningHeader: b.subtle().Italic(true),
		Reasoning: b.subtle().Italic(true).
			Border(lipgloss.NormalBorder(), false, false, false, true).
			BorderForeground(p.Border).
			PaddingLeft(1),
		Commentary: b.muted().Italic(true),

		ToolCard:     b.frame(p.Border, 0, 1),
		ToolName:     b.bold(p.Primary),
		ToolPreview:  b.muted(),
		ToolArgs:     b.subtle(),
		ToolRunning:  b.fg(p.Info),
		ToolOK:       b.bold(p.Success),
		ToolFailed:   b.bold(p.Error),
		ToolDuration: b.subtle(),
		ToolOutput:   b.muted(),

		Footer:    b.subtle(),
		MediaChip: b.chip(),
		Quote: b.muted().Italic(true).
			Border(lipgloss.NormalBorder(), false, false, false, true).
			BorderForeground(p.Border).
			PaddingLeft(1),

		Pending: b.subtle(),
		Sent:    b.muted(),
		Read:    b.bold(p.Success),
		Failed:  b.bold(p.Error).Underline(b.mono),

		Typing:      b.fg(p.Info).Italic(true),
		Banner:      b.bold(p.Info).Border(lipgloss.ThickBorder(), false, false, false, true).BorderForeground(p.Info).PaddingLeft(1),
		BannerError: b.bold(p.Error).Border(lipgloss.ThickBorder(), false, false, false, true).BorderForeground(p.Error).PaddingLeft(1),
		Notice:      b.fg(p.System).Italic(true),
		NewBelow:    b.badge(p.Primary).Align(lipgloss.Center),
		SearchMatch: b.highlight(),
		Selected:    lipgloss.NewStyle().Background(p.BgPanel).Reverse(b.mono),
		FocusMark:   b.badge(p.Primary),
	}
}

func (b builder) composer() ComposerStyles {
	p := b.p
	ta := textareaStyles(b)
	return ComposerStyles{
		Base:       b.frame(p.Border, 0, 1).Border(lipgloss.NormalBorder()),
		Focused:    b.frame(p.Primary, 0, 1),
		Textarea:   ta,
		Prompt:     b.bold(p.Primary),
		Hint:       b.subtle(),
		Mode:       b.badge(p.Warning),
		ModeQueue:  b.badge(p.Info).Underline(b.mono),
		Attachment: b.chip(),
	}
}

func (b builder) statusBar() StatusBarStyles {
	p := b.p
	base := lipgloss.NewStyle().Foreground(p.FgMuted)
	if !b.mono {
		base = base.Background(p.BgPanel)
	}
	return StatusBarStyles{
		Base:       base,
		Online:     b.bold(p.Success),
		Connecting: b.bold(p.Warning).Italic(b.mono),
		Offline:    b.bold(p.Error).Underline(b.mono),
		Error:      b.bold(p.Error).Reverse(b.mono),
		Segment:    b.fg(p.FgMuted).Padding(0, 1),
		Separator:  b.subtle(),
		Lane:       b.bold(p.Primary),
		Key:        b.fg(p.Accent),
	}
}
