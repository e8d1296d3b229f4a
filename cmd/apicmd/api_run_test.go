package apicmd

import (
	"context"
	"net/http"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
)

// Table-driven tests of api's run function; see verb_test.go.

func TestRunAPI(t *testing.T) {
	const list = `[{"id":1001,"code":"SUMMER25"}]`
	for _, c := range []struct {
		name           string
		tty            bool
		format         format.Format
		outputFrom     config.SourceKind // the kind of source of the output setting
		opts           apiOptions
		answers        []cmdtest.Answer
		setup          func(*apitest.Server)
		err            string
		stdout, stderr string
		routes         []string
	}{
		{name: "JSON, piped, as received", format: format.JSON,
			opts:    apiOptions{Method: http.MethodGet, Target: "/v1/promo?site_id=7"},
			answers: []cmdtest.Answer{{Route: "GET /v1/promo", Status: http.StatusOK, Body: list}},
			stdout:  list + "\n", routes: []string{"GET /v1/promo?site_id=7"}},
		{name: "csv from the config file prints JSON", format: format.CSV, outputFrom: "profile",
			opts:    apiOptions{Method: http.MethodGet, Target: "/v1/promo?site_id=7"},
			answers: []cmdtest.Answer{{Route: "GET /v1/promo", Status: http.StatusOK, Body: list}},
			stdout:  list + "\n", routes: []string{"GET /v1/promo?site_id=7"}},
		{name: "csv asked for on the command line is refused before any request", format: format.CSV, outputFrom: "flag",
			opts: apiOptions{Method: http.MethodGet, Target: "/v1/promo"},
			err:  "api prints JSON: use --output json or yaml, not csv"},
		{name: "a POST sends its body", format: format.JSON,
			opts:    apiOptions{Method: http.MethodPost, Target: "/v1/promo", Body: []byte(`{"code":"X1"}`)},
			answers: []cmdtest.Answer{{Route: "POST /v1/promo", Status: http.StatusCreated, Body: `{"id":1002}`}},
			stdout:  `{"id":1002}` + "\n", routes: []string{"POST /v1/promo"}},
		{name: "text on a terminal ends with a line break", tty: true, format: format.Table,
			opts:    apiOptions{Method: http.MethodGet, Target: "/v1/text"},
			answers: []cmdtest.Answer{{Route: "GET /v1/text", Status: http.StatusOK, Body: "plain\u009b2J text"}},
			stdout:  "plain text\n", routes: []string{"GET /v1/text"}},
		{name: "text, piped, byte for byte", format: format.Table,
			opts:    apiOptions{Method: http.MethodGet, Target: "/v1/text"},
			answers: []cmdtest.Answer{{Route: "GET /v1/text", Status: http.StatusOK, Body: "plain text"}},
			stdout:  "plain text", routes: []string{"GET /v1/text"}},
		{name: "-i with an empty answer: the status and headers alone", format: format.JSON,
			opts: apiOptions{Method: http.MethodDelete, Target: "/v1/promo/1001", Include: true},
			setup: func(s *apitest.Server) {
				s.HandleFunc("DELETE /v1/promo/1001", func(w http.ResponseWriter, _ *http.Request) {
					w.Header()["Date"] = nil
					w.WriteHeader(http.StatusNoContent)
				})
			},
			stdout: "HTTP/1.1 204 No Content\n\n", routes: []string{"DELETE /v1/promo/1001"}},
		{name: "an error answer prints nothing", format: format.JSON,
			opts:    apiOptions{Method: http.MethodGet, Target: "/v1/promo/9", Include: true},
			answers: []cmdtest.Answer{{Route: "GET /v1/promo/9", Status: http.StatusNotFound, Body: apitest.Error(404, 17, "not found")}},
			err:     "GET /v1/promo/9: not found (API error 17: not found)", routes: []string{"GET /v1/promo/9"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := cmdtest.NewVerbEnv(t, c.tty, c.format, c.answers...)
			if c.setup != nil {
				c.setup(e.API)
			}
			if c.outputFrom != "" {
				e.Sess.Settings.Sources[config.KeyOutput] = config.Source{Kind: c.outputFrom}
			}
			opts := c.opts
			opts.Session = e.Sess
			err := runAPI(context.Background(), &opts)
			e.Expect(t, err, c.err, c.stdout, c.stderr, c.routes...)
		})
	}
}
