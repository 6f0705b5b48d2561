package e2e

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTmuxCommandThatHangsFailsInTime: a tmux client that does not return
// (here one waiting on a channel nobody signals) is killed at its limit
// with an error naming it, instead of hanging the package until go test's
// -timeout.
func TestTmuxCommandThatHangsFailsInTime(t *testing.T) {
	e := newEnv(t)
	e.tmux("new-session", "-d", "-s", "idle", "sleep 60")
	began := time.Now()
	_, err := e.tmuxWithin(300*time.Millisecond, "wait-for", "nobody-signals-this")
	if err == nil || !strings.Contains(err.Error(), "did not return within 300ms") {
		t.Fatalf("err = %v, want a timeout naming the command", err)
	}
	if took := time.Since(began); took > 300*time.Millisecond+pipeGrace+2*time.Second {
		t.Fatalf("gave up after %v", took)
	}
}

// TestWaitCmdKillsAProcessThatDoesNotExit: waiting for a process that never
// exits ends at the limit, kills it and says so.
func TestWaitCmdKillsAProcessThatDoesNotExit(t *testing.T) {
	cmd := exec.CommandContext(t.Context(), "sleep", "60")
	var out lockedBuffer
	cmd.Stdout = &out // a pipe, as for the binary's output
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	began := time.Now()
	err := waitCmd(cmd, 300*time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "sleep 60 did not exit within 300ms (killed)") {
		t.Fatalf("err = %v", err)
	}
	if took := time.Since(began); took > 300*time.Millisecond+pipeGrace+2*time.Second {
		t.Fatalf("gave up after %v", took)
	}
	if cmd.ProcessState == nil {
		t.Fatal("the process was not reaped")
	}
}

// TestBoundedOutputDoesNotWaitForAChildHoldingThePipe: a command killed by
// its context while a child it started keeps its output open returns
// within pipeGrace; plain CombinedOutput would wait for the child.
func TestBoundedOutputDoesNotWaitForAChildHoldingThePipe(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	began := time.Now()
	_, err := bounded(exec.CommandContext(ctx, "sh", "-c", "sleep 60 & wait")).CombinedOutput()
	if err == nil {
		t.Fatal("no error from a killed command")
	}
	if took := time.Since(began); took > 300*time.Millisecond+pipeGrace+2*time.Second {
		t.Fatalf("returned after %v", took)
	}
}

// deadlineTB is a test whose binary's -timeout ends at end.
type deadlineTB struct {
	testing.TB
	end time.Time
}

func (d deadlineTB) Deadline() (time.Time, bool) { return d.end, true }

// TestWaitsEndBeforeThePackageTimeout: a wait never runs past the test
// binary's -timeout (less the margin for cleanups), so a slow package fails
// on the wait that ran out, by name, not in go test's goroutine dump.
func TestWaitsEndBeforeThePackageTimeout(t *testing.T) {
	end := time.Now().Add(time.Minute)
	e := &env{t: deadlineTB{TB: t, end: end}}
	if got, want := e.deadlineIn(waitDeadline), end.Add(-timeoutMargin); !got.Equal(want) {
		t.Fatalf("deadline %v, want %v (the -timeout less the margin)", got, want)
	}
	far := &env{t: deadlineTB{TB: t, end: time.Now().Add(time.Hour)}}
	if got := far.deadlineIn(waitDeadline); time.Until(got) > waitDeadline {
		t.Fatalf("deadline %v from now, more than waitDeadline", time.Until(got))
	}
}

// TestE2EWaitsAreBounded reads this package's sources: every process is
// started with a context (exec.CommandContext), waited for through waitCmd,
// and every WaitReceived gets a context with a deadline (not
// context.Background, context.TODO or t.Context).
func TestE2EWaitsAreBounded(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			ast.Inspect(fn, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				at := fset.Position(call.Pos())
				switch {
				case isIdent(sel.X, "exec") && sel.Sel.Name == "Command":
					t.Errorf("%s: exec.Command has no deadline: use exec.CommandContext", at)
				case sel.Sel.Name == "Wait" && len(call.Args) == 0 && fn.Name.Name != "waitCmd":
					t.Errorf("%s: %s.Wait() has no deadline: use waitCmd", at, exprName(sel.X))
				case sel.Sel.Name == "WaitReceived" && len(call.Args) > 0 && unboundedContext(call.Args[0]):
					t.Errorf("%s: WaitReceived with a context that has no deadline", at)
				}
				return true
			})
		}
	}
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

func exprName(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return "…"
}

// unboundedContext reports a context.Background(), context.TODO() or
// x.Context() argument.
func unboundedContext(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	return isIdent(sel.X, "context") && (sel.Sel.Name == "Background" || sel.Sel.Name == "TODO") || sel.Sel.Name == "Context"
}
