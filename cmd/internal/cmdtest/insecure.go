package cmdtest

import (
	"context"
	"net"
	"net/http"
)

// remoteHost is a documentation address (RFC 5737): not loopback.
const remoteHost = "192.0.2.2"

// ViaFakeAPI makes the runner's requests to remoteHost:80 reach its fake
// API, so a test can see what would have been sent there.
func (r *Runner) ViaFakeAPI() {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		if addr == remoteHost+":80" {
			addr = r.API.Listener.Addr().String()
		}
		var d net.Dialer
		return d.DialContext(ctx, network, addr)
	}
	r.Transport = tr
}
