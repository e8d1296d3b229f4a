package cmd

import (
	"context"
	"net/http"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/cmd/page"
	"github.com/promoctl/promoctl/cmd/product"
	"github.com/promoctl/promoctl/cmd/site"
	"github.com/promoctl/promoctl/internal/format"
)

// Table-driven tests of the run functions of product, site and page; see
// verb_test.go.

func TestRunReadVerbs(t *testing.T) {
	const record = `{"id":11,"name":"Shop"}`
	for _, c := range []struct {
		name           string
		tty            bool
		run            func(context.Context, *cmdutil.Session) error
		answers        []cmdtest.Answer
		err            string
		stdout, stderr string
		routes         []string
	}{
		{name: "product get",
			run: func(ctx context.Context, s *cmdutil.Session) error {
				return product.RunProductGet(ctx, &product.ProductGetOptions{Session: s, ID: 123})
			},
			answers: []cmdtest.Answer{{Route: "GET /v1/shop/product/123", Status: http.StatusOK, Body: `{"id":123,"name":"Mug"}`}},
			stdout:  `{"id":123,"name":"Mug"}` + "\n", routes: []string{"GET /v1/shop/product/123"}},
		{name: "site list",
			run: func(ctx context.Context, s *cmdutil.Session) error {
				return site.RunSiteList(ctx, &site.SiteListOptions{Session: s})
			},
			answers: []cmdtest.Answer{{Route: "GET /v3/public/site", Status: http.StatusOK, Body: `[` + record + `]`}},
			stdout:  `[` + record + `]` + "\n", routes: []string{"GET /v3/public/site"}},
		{name: "site list, legacy",
			run: func(ctx context.Context, s *cmdutil.Session) error {
				return site.RunSiteList(ctx, &site.SiteListOptions{Session: s, Legacy: true})
			},
			answers: []cmdtest.Answer{{Route: "GET /v1/site", Status: http.StatusOK, Body: `[]`}},
			stdout:  "[]\n",
			stderr:  "promoctl: warning: GET /v1/site is deprecated and will be removed; GET /v3/public/site replaces it (drop --legacy to use it)\n",
			routes:  []string{"GET /v1/site"}},
		{name: "no sites, on a terminal", tty: true,
			run: func(ctx context.Context, s *cmdutil.Session) error {
				return site.RunSiteList(ctx, &site.SiteListOptions{Session: s})
			},
			answers: []cmdtest.Answer{{Route: "GET /v3/public/site", Status: http.StatusOK, Body: `[]`}},
			stderr:  "No sites.\n", routes: []string{"GET /v3/public/site"}},
		{name: "site get",
			run: func(ctx context.Context, s *cmdutil.Session) error {
				return site.RunSiteGet(ctx, &site.SiteGetOptions{Session: s, ID: 11})
			},
			answers: []cmdtest.Answer{{Route: "GET /v3/public/site/11", Status: http.StatusOK, Body: record}},
			stdout:  record + "\n", routes: []string{"GET /v3/public/site/11"}},
		{name: "page list",
			run: func(ctx context.Context, s *cmdutil.Session) error {
				return page.RunPageList(ctx, &page.PageListOptions{Session: s, SiteID: 11})
			},
			answers: []cmdtest.Answer{{Route: "GET /v3/public/site/11/page", Status: http.StatusOK, Body: `[{"id":5001}]`}},
			stdout:  `[{"id":5001}]` + "\n", routes: []string{"GET /v3/public/site/11/page"}},
		{name: "page list without a site",
			run: func(ctx context.Context, s *cmdutil.Session) error {
				return page.RunPageList(ctx, &page.PageListOptions{Session: s})
			},
			err: "--site-id is required (or set a default: promoctl config set site_id N)"},
		{name: "page get",
			run: func(ctx context.Context, s *cmdutil.Session) error {
				return page.RunPageGet(ctx, &page.PageGetOptions{Session: s, ID: 5001})
			},
			answers: []cmdtest.Answer{{Route: "GET /v3/public/site/page/5001", Status: http.StatusOK, Body: `{"id":5001}`}},
			stdout:  `{"id":5001}` + "\n", routes: []string{"GET /v3/public/site/page/5001"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := cmdtest.NewVerbEnv(t, c.tty, format.JSON, c.answers...)
			if c.tty {
				e.Sess.Out.Format = format.Table
			}
			err := c.run(context.Background(), e.Sess)
			e.Expect(t, err, c.err, c.stdout, c.stderr, c.routes...)
		})
	}
}
