package prompt

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

func TestConfirmAccessible(t *testing.T) {
	tests := []struct {
		in   string
		def  bool
		want bool
	}{
		{"y\n", false, true},
		{"Y\n", false, true},
		{"yes\n", false, true},
		{"n\n", true, false},
		{"no\n", true, false},
		{"\n", false, false},
		{"\n", true, true},
		{"maybe\ny\n", false, true},
		{"maybe\nn\n", true, false},
		// Input that ends without an answer never confirms a question
		// whose default is No, such as promo delete's.
		{"", false, false},
		{"maybe\n", false, false},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		h := &Huh{In: strings.NewReader(tt.in), Out: &out, Accessible: true}
		got, err := h.Confirm(context.Background(), "Delete promo code 5?", "This cannot be undone.", tt.def)
		if err != nil || got != tt.want {
			t.Errorf("Confirm(input %q, default %v) = %v, %v; want %v, nil", tt.in, tt.def, got, err, tt.want)
		}
		if !strings.Contains(out.String(), "Delete promo code 5?") {
			t.Errorf("Confirm(input %q) wrote %q, want the question", tt.in, out.String())
		}
	}
}

func TestConfirmShowsTheDefault(t *testing.T) {
	for def, want := range map[bool]string{false: "[y/N]", true: "[Y/n]"} {
		var out bytes.Buffer
		h := &Huh{In: strings.NewReader("\n"), Out: &out, Accessible: true}
		if _, err := h.Confirm(context.Background(), "Sure?", "", def); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), want) {
			t.Errorf("Confirm(default %v) wrote %q, want %s", def, out.String(), want)
		}
	}
}

func TestConfirmCancelled(t *testing.T) {
	t.Run("before asking", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		h := &Huh{In: strings.NewReader("y\n"), Out: io.Discard, Accessible: true}
		if ok, err := h.Confirm(ctx, "Sure?", "", false); !errors.Is(err, ErrCancelled) || ok {
			t.Errorf("Confirm(cancelled) = %v, %v; want false, ErrCancelled", ok, err)
		}
	})
	t.Run("while waiting for a line", func(t *testing.T) {
		r, w := io.Pipe()
		defer w.Close() // lets the reading goroutine finish
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(50*time.Millisecond, cancel)
		h := &Huh{In: r, Out: io.Discard, Accessible: true}
		start := time.Now()
		ok, err := h.Confirm(ctx, "Sure?", "", true)
		if !errors.Is(err, ErrCancelled) || ok {
			t.Errorf("Confirm(cancelled while waiting) = %v, %v; want false, ErrCancelled", ok, err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("Confirm returned %v after the cancel, want at once", d)
		}
	})
}

// TestLoginHelpIsTheCatalogs: the login form shows the English catalog's
// help, which is LoginHelp word for word.
func TestLoginHelpIsTheCatalogs(t *testing.T) {
	if got := (&Huh{}).msg().T("form.login.help"); got != LoginHelp {
		t.Errorf("form.login.help = %q, want LoginHelp %q", got, LoginHelp)
	}
}
