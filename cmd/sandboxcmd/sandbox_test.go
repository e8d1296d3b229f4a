package sandboxcmd

import (
	"context"
	"net"
	"path/filepath"
	"testing"

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
	// Ctrl-C (the context's end) once the banner says it listens.
	r.OnStderr = func([]byte) { cancel() }
	data := filepath.Join(t.TempDir(), "sandbox.db")
	r.Run("sandbox", "serve", "--addr", addr, "--data", data).Expect(t, 0, "", cmdtest.SandboxBanner(addr, data)+"promoctl sandbox stopped\n")
}
