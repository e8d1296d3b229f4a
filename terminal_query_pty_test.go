package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// terminalQueryRE matches the requests a program sends a terminal to make
// it answer on the program's input: OSC colour queries (ESC ] 10 ; ? and
// ESC ] 11 ; ?, ended by BEL or ST) and device status reports (ESC [ 6 n,
// ESC [ 5 n).
var terminalQueryRE = regexp.MustCompile(`\x1b\][0-9]+;\?|\x1b\[[0-9]*n`)

// buildPromoctl returns the real promoctl (not this test binary: which
// packages are linked decides the order of their initialisers, and a test
// binary built with -race uses several times the memory), built without
// version control stamps, so that it calls itself "dev". It is built once
// per run of the tests, into a folder TestMain removes at the end.
func buildPromoctl(t *testing.T) string {
	t.Helper()
	bin, err := plainPromoctl()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

var plainPromoctl = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "promoctl-build")
	if err != nil {
		return "", err
	}
	builtDirs.Store(dir, true)
	bin := filepath.Join(dir, "promoctl")
	cmd := exec.Command("go", "build", "-buildvcs=false", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

// builtDirs holds the folders TestMain removes once the tests have run.
var builtDirs sync.Map

// runOnSilentTerminal runs bin with args on a pseudo-terminal that never
// answers anything, as a terminal without colour queries (or a pipe-like
// terminal multiplexer) does, and returns what the program wrote to it,
// and its exit code.
func runOnSilentTerminal(t *testing.T, env []string, bin string, args ...string) (string, int) {
	t.Helper()
	if _, err := os.Stat("/dev/ptmx"); err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 100})
	if err != nil {
		if errors.Is(err, os.ErrNotExist) || errors.Is(err, os.ErrPermission) {
			t.Skipf("cannot open a pseudo-terminal: %v", err)
		}
		t.Fatalf("start promoctl on a pty: %v", err)
	}
	defer f.Close()
	var out bytes.Buffer
	read := make(chan struct{})
	go func() {
		defer close(read)
		buf := make([]byte, 4096)
		for {
			n, err := f.Read(buf)
			out.Write(buf[:n])
			if err != nil {
				return // EIO once the program has exited
			}
		}
	}()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err = <-exited:
	case <-time.After(ptyTimeout):
		cmd.Process.Kill()
		<-exited
		t.Fatalf("%v did not exit within %s", args, ptyTimeout)
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("wait for promoctl: %v", err)
	}
	<-read
	return out.String(), cmd.ProcessState.ExitCode()
}

// TestNoTerminalQueries runs commands that draw nothing styled on a
// terminal that never answers: they must not ask it anything (no colour or
// cursor queries written to it) and so must not wait for an answer.
// Library initialisers used to ask for the background colour and wait five
// seconds for a reply.
func TestNoTerminalQueries(t *testing.T) {
	if testing.Short() {
		t.Skip("builds promoctl")
	}
	bin := buildPromoctl(t)
	// No query is written (terminalQueryRE), so none is waited for; how
	// long a run takes is for benchmarks.
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"version", []string{"--version"}, "promoctl dev"},
		{"promo list", []string{"--sandbox", "promo", "list", "--site-id", "1"}, "WELCOME10"},
	} {
		t.Run(c.name, func(t *testing.T) {
			env := sandboxEnv(t, t.TempDir())
			// Twice: the first run of the sandbox creates its data.
			for run := 1; run <= 2; run++ {
				out, code := runOnSilentTerminal(t, env, bin, c.args...)
				if code != 0 {
					t.Fatalf("run %d: exit code = %d, want 0; the terminal got:\n%q", run, code, out)
				}
				if !strings.Contains(stripANSI(out), c.want) {
					t.Errorf("run %d: no %q in the output:\n%q", run, c.want, out)
				}
				if q := terminalQueryRE.FindString(out); q != "" {
					t.Errorf("run %d: promoctl %v asked the terminal %q; the terminal got:\n%q", run, c.args, q, out)
				}
			}
		})
	}
}

// TestWizardOnSilentTerminal runs the create form on a terminal that never
// answers: the form asks for the background colour before it draws (its
// colours depend on it), but gives up on the answer within moments, and
// the form works as usual.
func TestWizardOnSilentTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds promoctl")
	}
	bin := buildPromoctl(t)
	env := sandboxEnv(t, t.TempDir())
	tm := startTermWith(t, answers{none: true}, env, bin, "--sandbox", "promo", "create", "--site-id", "1")
	// The form appears; how long the unanswered query may hold it up is
	// backgroundTimeout, which internal/prompt's TestAskBackground/silent
	// shows askBackground keeps (performance is for benchmarks).
	tm.expect("Code")
	// The form's colours depend on the background: it must have asked.
	if !strings.Contains(tm.raw(), "\x1b]11;?") {
		t.Errorf("the form did not ask the terminal for its background colour; the terminal got:\n%q", tm.raw())
	}
	tm.send("PTYSILENT")
	tm.expect("PTYSILENT")
	tm.send("\r")
	tm.expect("Discount on")
	tm.send("\x03")
	if code := tm.wait(); code != 130 {
		t.Fatalf("exit code = %d, want 130; the screen:\n%s", code, tm.screen())
	}
}

// TestWizardOnASlowLink runs the create form on a terminal whose answers
// come after the form stopped waiting for them, as over ssh from far
// away: they must not end up in the form as typed keys.
func TestWizardOnASlowLink(t *testing.T) {
	if testing.Short() {
		t.Skip("builds promoctl")
	}
	env := sandboxEnv(t, t.TempDir())
	tm := startTermWith(t, answers{delay: 300 * time.Millisecond}, env, buildPromoctl(t), "--sandbox", "promo", "create", "--site-id", "1")
	tm.expect("Code")
	select {
	case <-tm.answered:
	case <-time.After(ptyTimeout):
		t.Fatal("the terminal was never asked anything")
	}
	// The keys come after the answers, as on the link.
	tm.send("PTYSLOW1")
	tm.expect("PTYSLOW1")
	if screen := tm.screen(); strings.Contains(screen, "11;rgb") {
		t.Fatalf("the terminal's late answer was typed into the form:\n%s", screen)
	}
	tm.send("\r")
	tm.expect("Discount on")
	tm.send("\x03")
	if code := tm.wait(); code != 130 {
		t.Fatalf("exit code = %d, want 130; the screen:\n%s", code, tm.screen())
	}
}
