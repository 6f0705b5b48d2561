package setup

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"
)

// Run shows the form in its own program until the user saves or cancels.
// ok is false when the form was cancelled. Extra program options (input,
// output) are for tests.
func Run(ctx context.Context, opts Options, progOpts ...tea.ProgramOption) (res Result, ok bool, err error) {
	m := New(opts)
	progOpts = append([]tea.ProgramOption{tea.WithContext(ctx)}, progOpts...)
	if _, err := tea.NewProgram(m, progOpts...).Run(); err != nil {
		return Result{}, false, fmt.Errorf("setup form: %w", err)
	}
	res, ok = m.Result()
	return res, ok, nil
}
