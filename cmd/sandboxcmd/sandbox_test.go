package sandboxcmd

import (
	"context"
	"net"
	"path/filepath"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

func TestSandboxServeOnABusyPortNamesAddr(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	r := newRunner(t)
	data := filepath.Join(t.TempDir(), "sandbox.db")
	r.Run("sandbox", "serve", "--addr", addr, "--data", data).Expect(t, 1, "",
		"promoctl: sandbox listen on "+addr+": listen tcp "+addr+": bind: address already in use; another program is listening there: "+
			"choose another port with --addr (--addr 127.0.0.1:0 picks a free one)\n")
}

func TestSandboxServeSaysWhenItStops(t *testing.T) {
	addr := cmdtest.FreeAddr(t)
	r := newRunner(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r.Ctx = ctx
	// Ctrl-C (the context's end) once the server answers.
	go func() {
		defer cancel()
		for i := 0; i < 500; i++ {
			if c, err := net.Dial("tcp", addr); err == nil {
				c.Close()
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	data := filepath.Join(t.TempDir(), "sandbox.db")
	r.Run("sandbox", "serve", "--addr", addr, "--data", data).Expect(t, 0, "", cmdtest.SandboxBanner(addr, data)+"promoctl sandbox stopped\n")
}
