package apicmd

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/internal/apitest"
)

func TestCompleteAPIPath(t *testing.T) {
	r := newRunner(t)
	// PATH alone (GET) or after a METHOD; the id is typed after it.
	for line, want := range map[string]string{
		"api /v3/public/site/p": apitest.Lines("/v3/public/site/page/\tone page", ":6"),
		"api get /v1/s":         apitest.Lines("/v1/shop/product/\tone product", ":6"),
	} {
		res := r.Run(append([]string{cobra.ShellCompRequestCmd}, strings.Fields(line)...)...)
		if res.Code != 0 || res.Stdout != want {
			t.Errorf("%s: exit %d, stdout:\n%s\nwant:\n%s", line, res.Code, res.Stdout, want)
		}
	}
	r.ExpectNoRequests(t)
}
