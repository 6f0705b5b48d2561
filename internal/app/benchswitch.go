package app

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"

	tea "charm.land/bubbletea/v2"
)

// Hidden switches for the end-to-end CPU benchmark (e2e/cpu_bench_test.go);
// they are not part of the user's manual.
const (
	// envNoRender makes the program apply every frame as usual but draw a
	// constant screen: the protocol-only baseline of the benchmark.
	envNoRender = "IRIS_BENCH_NO_RENDER"
	// envCPUProfile writes a CPU profile of the whole run to that file.
	envCPUProfile = "IRIS_BENCH_CPUPROFILE"
)

// benchModel wraps model so that it never renders when envNoRender is 1.
func benchModel(model tea.Model) tea.Model {
	if os.Getenv(envNoRender) != "1" {
		return model
	}
	return noRender{model}
}

// noRender applies messages to the wrapped model and shows a constant
// screen.
type noRender struct{ tea.Model }

func (m noRender) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd := m.Model.Update(msg)
	return noRender{next}, cmd
}

func (m noRender) View() tea.View {
	v := tea.NewView("rendering off (" + envNoRender + ")")
	v.AltScreen = true
	return v
}

// startBenchProfile starts the CPU profile envCPUProfile asks for and
// returns what stops it.
func startBenchProfile(stderr io.Writer) func() {
	path := os.Getenv(envCPUProfile)
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintln(stderr, "iris: cpu profile:", err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		_ = f.Close()
	}
}
