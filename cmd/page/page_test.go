package page

import (
	"net/http"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
)

func TestPageListEmpty(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v3/public/site/2/page", http.StatusOK, `[]`)
	r.Run("page", "list", "--site-id", "2").Expect(t, 0, "", "")
	r.Run("page", "list", "--site-id", "2", "-o", "csv").Expect(t, 0, "", "")
	r.Run("page", "list", "--site-id", "2", "-o", "json").Expect(t, 0, "[]\n", "")
	r.Run("page", "list", "--site-id", "2", "-o", "yaml").Expect(t, 0, "[]\n", "")
	// On a terminal the table is a sentence; asked for data, the data.
	r.TTY = true
	r.Run("page", "list", "--site-id", "2").Expect(t, 0, "", "No pages on site 2.\n")
	r.Env["LANG"] = "ru_RU.UTF-8"
	r.Run("page", "list", "--site-id", "2").Expect(t, 0, "", "На сайте 2 нет страниц.\n")
	delete(r.Env, "LANG")
	r.Run("page", "list", "--site-id", "2", "-o", "json").Expect(t, 0, "[]\n", "")
}

func TestPageListTable(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v3/public/site/7/page", http.StatusOK, cmdtest.PagesV3)
	res := r.Run("page", "list", "--site-id", "7")
	res.ExpectGolden(t, 0, "")
	cmdtest.ExpectNoControlBytes(t, "page list", res.Stdout)
	reqs := r.ExpectRoutes(t, "GET /v3/public/site/7/page")
	cmdtest.ExpectHeaders(t, reqs[0], false)
}

func TestPageListJSONIsTheServers(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v3/public/site/7/page", http.StatusOK, cmdtest.PagesV3)
	res := r.Run("page", "list", "--site-id", "7", "-o", "json")
	res.Expect(t, 0, cmdtest.PagesV3+"\n", "")
}

func TestPageListSiteFromEnvironmentAndProfile(t *testing.T) {
	r := newRunner(t)
	r.Env["PROMOCTL_SITE_ID"] = "8"
	r.API.Handle("GET /v3/public/site/8/page", http.StatusOK, `[]`)
	r.Run("page", "list").Expect(t, 0, "", "")
	r.ExpectRoutes(t, "GET /v3/public/site/8/page")

	r = newRunner(t)
	r.WriteConfig("current_profile: default\nprofiles:\n  default:\n    site_id: 9\n")
	r.API.Handle("GET /v3/public/site/9/page", http.StatusOK, `[]`)
	r.Run("page", "list").Expect(t, 0, "", "")
	r.ExpectRoutes(t, "GET /v3/public/site/9/page")

	// The flag wins over both.
	r = newRunner(t)
	r.Env["PROMOCTL_SITE_ID"] = "8"
	r.WriteConfig("current_profile: default\nprofiles:\n  default:\n    site_id: 9\n")
	r.API.Handle("GET /v3/public/site/10/page", http.StatusOK, `[]`)
	r.TTY = true
	r.Run("page", "list", "--site-id", "10").Expect(t, 0, "", "No pages on site 10.\n")
	r.ExpectRoutes(t, "GET /v3/public/site/10/page")
}

func TestPageListLegacy(t *testing.T) {
	r := newRunner(t)
	body := `[{"page_id":5001,"site_id":7,"page_name":"Home","url":"https://demo.example/","active":1,"is_main":1,"date_update":"2025-01-01T00:00:00.000Z"}]`
	r.API.Handle("GET /v1/site/7/page", http.StatusOK, body)
	r.Run("page", "list", "--site-id", "7", "--legacy").Expect(t, 0, apitest.Lines(
		"PAGE ID  PAGE NAME  URL                    SITE ID  ACTIVE  MAIN  DATE UPDATE       ",
		"5001     Home       https://demo.example/  7        yes     yes   2025-01-01 03:00  ",
	), "promoctl: warning: GET /v1/site/{site_id}/page is deprecated and will be removed; GET /v3/public/site/{site_id}/page replaces it (drop --legacy to use it)\n")
	r.ExpectRoutes(t, "GET /v1/site/7/page")
}

func TestPageListErrors(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v3/public/site/2/page", 403, apitest.Error(403, 30, "user cant view site"))
	r.Run("page", "list", "--site-id", "2").Expect(t, 3, "",
		"promoctl: you cannot view site 2 (API error 30: user cant view site)\n")

	r = newRunner(t)
	r.API.Handle("GET /v3/public/site/2/page", 404, apitest.Error(404, 17, "site not found"))
	r.Run("page", "list", "--site-id", "2", "-o", "json").Expect(t, 4, "",
		`{"error":{"message":"site 2 does not exist or is not visible to you (API error 17: site not found)","status":404,"kind":17,"title":"site not found","exit_code":4}}`+"\n")
}

func TestPageGet(t *testing.T) {
	body := `{"id":5001,"site_id":7,"title":"Home","seo":{"title":"Demo","og":{"image":null}},"blocks":[{"id":1,"type":"header"},{"id":2,"type":"text"}],"tags":[],"created_at":"2024-01-15T09:30:00.000Z"}`
	r := newRunner(t)
	r.API.Handle("GET /v3/public/site/page/5001", http.StatusOK, body)
	res := r.Run("page", "get", "5001")
	res.ExpectGolden(t, 0, "")
	r.ExpectRoutes(t, "GET /v3/public/site/page/5001")

	r = newRunner(t)
	r.API.Handle("GET /v3/public/site/page/5001", http.StatusOK, body)
	res = r.Run("page", "get", "5001", "-o", "json")
	cmdtest.ExpectJSON(t, "page get -o json", res.Stdout, body)

	r = newRunner(t)
	r.API.Handle("GET /v3/public/site/page/5001", 404, apitest.Error(404, 0, "page not found"))
	r.Run("page", "get", "5001").Expect(t, 4, "",
		"promoctl: page 5001 does not exist or is not visible to you (API error 0: page not found)\n")

	r = newRunner(t)
	r.API.Handle("GET /v3/public/site/page/5001", 403, apitest.Error(403, 30, "user cant view site"))
	r.Run("page", "get", "5001").Expect(t, 3, "",
		"promoctl: you cannot view the site of page 5001 (API error 30: user cant view site)\n")
}
