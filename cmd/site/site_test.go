package site

import (
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
)

// sitesV1 is the older, flatter shape of the deprecated endpoint.
const sitesV1 = `[{"site_id":1,"site_name":"Demo shop","url":"https://demo.example","active":1,"lang":"ru","currency":"RUB","date_create":"2024-01-15T09:30:00.000Z"}]`

// siteRecord is one site with deeper nesting.
const siteRecord = `{"id":2,"name":"Demo \u001b[1mshop","settings":{"language":"ru","seo":{"robots":null,"keywords":["shoes","bags"]}},"owners":[{"id":1,"email":"a@example.com"}],"created_at":"2024-01-15T09:30:00.000Z","x_unknown":{"kept":true}}`

func TestSiteListTable(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusOK, cmdtest.SitesV3)
	res := r.Run("site", "list")
	res.ExpectGolden(t, 0, "")
	cmdtest.ExpectNoControlBytes(t, "site list", res.Stdout)
	reqs := r.ExpectRoutes(t, "GET /v3/public/site")
	cmdtest.ExpectHeaders(t, reqs[0], false)
	if !strings.HasPrefix(res.Stdout, "ID  NAME ") {
		t.Errorf("the table does not start with ID and NAME:\n%s", res.Stdout)
	}
}

func TestSiteListJSONIsTheServers(t *testing.T) {
	for _, body := range []string{cmdtest.SitesV3, `{"data":[{"id":1,"name":"A","extra":{"n":[1]}}],"total":1}`} {
		r := newRunner(t)
		r.API.Handle("GET /v3/public/site", http.StatusOK, body)
		res := r.Run("site", "list", "-o", "json")
		res.Expect(t, 0, body+"\n", "")
	}
}

func TestSiteListWrappedInAnObject(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `{"items":[{"name":"A","id":1},{"id":2,"name":"B","title":"b"}],"total":2,"page":1}`)
	r.Run("site", "list").Expect(t, 0, apitest.Lines(
		"ID  NAME  TITLE  ",
		"1   A            ",
		"2   B     b      ",
	), "")
}

func TestSiteListEmpty(t *testing.T) {
	for _, body := range []string{`[]`, `null`, `{"data":[]}`} {
		r := newRunner(t)
		r.API.Handle("GET /v3/public/site", http.StatusOK, body)
		// A list of unknown shape has no known columns: no header to print.
		r.Run("site", "list").Expect(t, 0, "", "")
		r.Run("site", "list", "-o", "csv").Expect(t, 0, "", "")
		r = newRunner(t)
		r.TTY = true
		r.API.Handle("GET /v3/public/site", http.StatusOK, body)
		r.Run("site", "list").Expect(t, 0, "", "No sites.\n")
		r.Env["LANG"] = "ru_RU.UTF-8"
		r.Run("site", "list").Expect(t, 0, "", "Сайтов нет.\n")
	}
}

func TestSiteListLegacy(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/site", http.StatusOK, sitesV1)
	res := r.Run("site", "list", "--legacy")
	res.ExpectGolden(t, 0,
		"promoctl: warning: GET /v1/site is deprecated and will be removed; GET /v3/public/site replaces it (drop --legacy to use it)\n")
	r.ExpectRoutes(t, "GET /v1/site")

	r = newRunner(t)
	r.API.Handle("GET /v1/site", http.StatusOK, sitesV1)
	res = r.Run("site", "list", "--legacy", "-o", "json")
	cmdtest.ExpectJSON(t, "site list --legacy -o json", res.Stdout, sitesV1)
	if !strings.Contains(res.Stderr, "deprecated") {
		t.Errorf("stderr = %q, want the deprecation warning with -o json too", res.Stderr)
	}
}

func TestSiteGetTable(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v3/public/site/2", http.StatusOK, siteRecord)
	res := r.Run("site", "get", "2")
	res.ExpectGolden(t, 0, "")
	cmdtest.ExpectNoControlBytes(t, "site get", res.Stdout)
	r.ExpectRoutes(t, "GET /v3/public/site/2")
}

func TestSiteGetJSONAndYAML(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v3/public/site/2", http.StatusOK, siteRecord)
	res := r.Run("site", "get", "2", "-o", "json")
	res.Expect(t, 0, siteRecord+"\n", "")

	r = newRunner(t)
	r.API.Handle("GET /v3/public/site/2", http.StatusOK, siteRecord)
	r.Run("site", "get", "2", "-o", "yaml").Expect(t, 0, apitest.Lines(
		"id: 2",
		`name: "Demo \e[1mshop"`,
		"settings:",
		"  language: ru",
		"  seo:",
		"    robots: null",
		"    keywords:",
		"      - shoes",
		"      - bags",
		"owners:",
		"  - id: 1",
		"    email: a@example.com",
		`created_at: "2024-01-15T09:30:00.000Z"`,
		"x_unknown:",
		"  kept: true",
	), "")
}

func TestSiteGetLegacy(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/site/1", http.StatusOK, `{"site_id":1,"site_name":"Demo shop","active":1}`)
	r.Run("site", "get", "1", "--legacy").Expect(t, 0, apitest.Lines(
		"Site ID:    1",
		"Site name:  Demo shop",
		"Active:     yes",
	), "promoctl: warning: GET /v1/site/{site_id} is deprecated and will be removed; GET /v3/public/site/{site_id} replaces it (drop --legacy to use it)\n")
	r.ExpectRoutes(t, "GET /v1/site/1")
}

func TestSiteErrors(t *testing.T) {
	for _, c := range []struct {
		args   []string
		route  string
		status int
		body   string
		code   int
		stderr string
	}{
		{[]string{"site", "get", "2"}, "GET /v3/public/site/2", 403, apitest.Error(403, 30, "user cant view site"), 3,
			"you cannot view site 2 (API error 30: user cant view site)"},
		{[]string{"site", "get", "9"}, "GET /v3/public/site/9", 404, apitest.Error(404, 0, "site not found"), 4,
			"site 9 does not exist or is not visible to you (API error 0: site not found)"},
		{[]string{"site", "get", "9", "--legacy"}, "GET /v1/site/9", 404, "", 4,
			"get site 9 (v1): the server at {URL} has no endpoint GET /v1/site/9 (HTTP 404 without an API error): check --base-url (now {URL}, from PROMOCTL_BASE_URL)"},
		{[]string{"site", "list"}, "GET /v3/public/site", 403, apitest.Error(403, 30, "user cant view site"), 3,
			"list sites: you cannot view this site (API error 30: user cant view site)"},
		{[]string{"site", "list"}, "GET /v3/public/site", 502, "<html>bad gateway</html>", 1,
			"list sites: server error (HTTP 502 Bad Gateway) after 3 attempts"},
		{[]string{"site", "list"}, "GET /v3/public/site", 200, `"sites"`, 1,
			"list sites: unexpected response from the server (HTTP 200): expected a list, got a string"},
		{[]string{"site", "get", "2"}, "GET /v3/public/site/2", 200, `<html></html>`, 1,
			"get site 2: unexpected response from the server (HTTP 200): the body is an HTML page, expected JSON"},
	} {
		t.Run(strings.Join(c.args, " ")+" "+http.StatusText(c.status), func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle(c.route, c.status, c.body)
			c.stderr = strings.ReplaceAll(c.stderr, "{URL}", r.API.URL)
			res := r.Run(c.args...)
			if res.Code != c.code || res.Stdout != "" || !strings.HasSuffix(res.Stderr, "promoctl: "+c.stderr+"\n") {
				t.Errorf("promoctl %s = exit %d, stdout %q, stderr %q; want exit %d, no stdout, stderr ending %q",
					strings.Join(c.args, " "), res.Code, res.Stdout, res.Stderr, c.code, c.stderr)
			}
		})
	}
}

// Site and page cards name fields the way promo and product cards do: a
// flag's "is_" dropped, words apart, ID and URL in capitals; the v1 API's
// 0/1 flags are yes/no. JSON keeps the server's keys and values.
func TestSiteGetHumanisesTheCard(t *testing.T) {
	r := newRunner(t)
	body := `{"site_id":2,"is_published":true,"active":0,"is_main":1,"count":1,"page_count":3,"url":"https://a.example","settings":{"seo_title":"x","is_indexed":false},"owners":[{"id":1,"user_email":"a@example.com"}]}`
	r.API.Handle("GET /v3/public/site/2", http.StatusOK, body)
	r.Run("site", "get", "2").Expect(t, 0, apitest.Lines(
		"Site ID:               2",
		"Published:             yes",
		"Active:                no",
		"Main:                  yes",
		"Count:                 1",
		"Page count:            3",
		"URL:                   https://a.example",
		"Settings.SEO title:    x",
		"Settings.indexed:      no",
		"Owners[0].ID:          1",
		"Owners[0].user email:  a@example.com",
	), "")
	res := r.Run("site", "get", "2", "-o", "json")
	res.Expect(t, 0, body+"\n", "")
}

// CSV flattens nested fields into a.b columns for every command, as the
// product and record CSVs do; values stay as sent (1 stays 1).
func TestSiteListCSVFlattensNesting(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[{"id":1,"active":1,"settings":{"language":"ru","seo":{"title":"A, b"}},"tags":["x","y"]},{"id":2,"settings":{"currency":"RUB"},"owners":[{"id":7}]}]`)
	r.Run("site", "list", "-o", "csv").Expect(t, 0, apitest.Lines(
		"id,active,settings.language,settings.seo.title,tags,settings.currency,owners[0].id",
		`1,1,ru,"A, b","[""x"",""y""]",,`,
		"2,,,,,RUB,7",
	), "")
}
