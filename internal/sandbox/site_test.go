package sandbox

import (
	"net/http"
	"reflect"
	"strings"
	"testing"
)

type siteJSON struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Domain      string `json:"domain"`
	URL         string `json:"url"`
	IsPublished bool   `json:"is_published"`
	OwnerID     int64  `json:"owner_id"`
	Role        string `json:"role"`
	PageCount   int64  `json:"page_count"`
	Settings    struct {
		Language, Currency, Timezone string
	} `json:"settings"`
	CreatedAt string `json:"created_at"`
}

func TestSitesV3(t *testing.T) {
	e := newEnv(t)
	r := e.do(user1, "GET", "/v3/public/site", nil)
	wantStatus(t, r, http.StatusOK)
	var sites []siteJSON
	r.json(t, &sites)
	if len(sites) != 2 || sites[0].ID != 1 || sites[1].ID != 2 {
		t.Fatalf("user 1 sites = %+v, want 1 and 2", sites)
	}
	s1 := sites[0]
	if s1.Name != "Flower Shop Demo" || s1.Role != "owner" || s1.PageCount != 4 || s1.URL != "https://flowers.sandbox.example" ||
		s1.Settings.Currency != "RUB" || s1.CreatedAt != "2021-08-04T13:57:37.243Z" || !s1.IsPublished {
		t.Errorf("site 1 = %+v", s1)
	}
	if sites[1].Role != "viewer" || sites[1].OwnerID != 3 || sites[1].PageCount != 0 {
		t.Errorf("site 2 = %+v", sites[1])
	}
	r = e.do(user2, "GET", "/v3/public/site", nil)
	r.json(t, &sites)
	if len(sites) != 1 || sites[0].ID != 3 || sites[0].Role != "owner" || sites[0].Settings.Currency != "USD" {
		t.Errorf("user 2 sites = %+v, want site 3", sites)
	}

	r = e.do(user1, "GET", "/v3/public/site/2", nil)
	wantStatus(t, r, http.StatusOK)
	var one siteJSON
	r.json(t, &one)
	if one.ID != 2 || one.Name != "Landing Draft" || one.IsPublished {
		t.Errorf("site 2 = %+v", one)
	}
	for _, path := range []string{"/v3/public/site/3", "/v3/public/site/999"} {
		wantError(t, e.do(user1, "GET", path, nil), 403, KindCantViewSite, "user cant view site")
	}
	wantError(t, e.do(user1, "GET", "/v3/public/site/abc", nil), 400, KindInvalid, "site_id")
}

func TestPagesV3(t *testing.T) {
	e := newEnv(t)
	r := e.do(user1, "GET", "/v3/public/site/1/page", nil)
	wantStatus(t, r, http.StatusOK)
	var pages []struct {
		ID          int64  `json:"id"`
		SiteID      int64  `json:"site_id"`
		Title       string `json:"title"`
		Path        string `json:"path"`
		URL         string `json:"url"`
		IsPublished bool   `json:"is_published"`
		IsHome      bool   `json:"is_home"`
		SEO         struct{ Title, Description string }
	}
	r.json(t, &pages)
	var ids []int64
	for _, p := range pages {
		ids = append(ids, p.ID)
	}
	if !reflect.DeepEqual(ids, []int64{11, 12, 13, 14}) {
		t.Fatalf("site 1 pages = %v", ids)
	}
	if p := pages[0]; !p.IsHome || p.Path != "/" || p.SEO.Title == "" || p.URL != "https://flowers.sandbox.example/" {
		t.Errorf("home page = %+v", p)
	}
	if pages[3].IsPublished {
		t.Errorf("page 14 should be a draft: %+v", pages[3])
	}
	r = e.do(user1, "GET", "/v3/public/site/2/page", nil)
	wantStatus(t, r, http.StatusOK)
	if strings.TrimSpace(string(r.body)) != "[]" {
		t.Errorf("site 2 pages = %s, want []", r.body)
	}
	wantError(t, e.do(user1, "GET", "/v3/public/site/3/page", nil), 403, KindCantViewSite, "user cant view site")

	r = e.do(user1, "GET", "/v3/public/site/page/12", nil)
	wantStatus(t, r, http.StatusOK)
	if !strings.Contains(string(r.body), `"path":"/catalog"`) || !strings.Contains(string(r.body), `"site_id":1`) {
		t.Errorf("page 12 = %s", r.body)
	}
	wantStatus(t, e.do(user2, "GET", "/v3/public/site/page/32", nil), http.StatusOK)
	wantError(t, e.do(user1, "GET", "/v3/public/site/page/32", nil), 403, KindCantViewSite, "user cant view site")
	wantError(t, e.do(user1, "GET", "/v3/public/site/page/999", nil), 404, KindPageNotFound, "page 999 not found")
	wantError(t, e.do(user1, "GET", "/v3/public/site/page/x", nil), 400, KindInvalid, "page_id")
}

func TestLegacySiteEndpoints(t *testing.T) {
	e := newEnv(t)
	for _, c := range []struct {
		path, deprecation, sunset, link string
	}{
		{"/v1/site", "@1763596800", "Sat, 20 Nov 2027 00:00:00 GMT", `</v3/public/site>; rel="successor-version"`},
		{"/v1/site/1", "@1763596800", "Sat, 20 Nov 2027 00:00:00 GMT", `</v3/public/site/1>; rel="successor-version"`},
		{"/v1/site/1/page", "@1764028800", "Thu, 25 Nov 2027 00:00:00 GMT", `</v3/public/site/1/page>; rel="successor-version"`},
	} {
		r := e.do(user1, "GET", c.path, nil)
		wantStatus(t, r, http.StatusOK)
		if got := r.header.Get("Deprecation"); got != c.deprecation {
			t.Errorf("%s: Deprecation = %q, want %q", c.path, got, c.deprecation)
		}
		if got := r.header.Get("Sunset"); got != c.sunset {
			t.Errorf("%s: Sunset = %q, want %q", c.path, got, c.sunset)
		}
		if got := r.header.Get("Link"); got != c.link {
			t.Errorf("%s: Link = %q, want %q", c.path, got, c.link)
		}
	}
	r := e.do(user1, "GET", "/v1/site", nil)
	var sites []map[string]any
	r.json(t, &sites)
	if len(sites) != 2 {
		t.Fatalf("v1 sites = %v", sites)
	}
	want := map[string]any{"site_id": float64(1), "site_name": "Flower Shop Demo", "url": "https://flowers.sandbox.example",
		"active": float64(1), "lang": "ru", "currency": "RUB", "date_create": "2021-08-04T13:57:37.243Z"}
	if !reflect.DeepEqual(sites[0], want) {
		t.Errorf("v1 site 1 = %v\nwant %v", sites[0], want)
	}
	r = e.do(user1, "GET", "/v1/site/1/page", nil)
	var pages []map[string]any
	r.json(t, &pages)
	if len(pages) != 4 || pages[0]["page_id"] != float64(11) || pages[0]["is_main"] != float64(1) || pages[3]["active"] != float64(0) {
		t.Errorf("v1 pages = %v", pages)
	}
	// Errors on deprecated endpoints carry the headers too.
	r = e.do(user1, "GET", "/v1/site/3", nil)
	wantError(t, r, 403, KindCantViewSite, "user cant view site")
	if r.header.Get("Deprecation") == "" || r.header.Get("Sunset") == "" {
		t.Errorf("403 on /v1/site/3 lacks deprecation headers: %v", r.header)
	}
	wantError(t, e.do(user1, "GET", "/v1/site/3/page", nil), 403, KindCantViewSite, "user cant view site")
	wantError(t, e.do(user1, "GET", "/v1/site/x", nil), 400, KindInvalid, "site_id")
	wantStatus(t, e.do(user2, "GET", "/v1/site/3/page", nil), http.StatusOK)
}

func TestProduct(t *testing.T) {
	e := newEnv(t)
	r := e.do(user1, "GET", "/v1/shop/product/101", nil)
	wantStatus(t, r, http.StatusOK)
	if !strings.Contains(string(r.body), `"description":"<p>Fifteen red roses`) {
		t.Errorf("product description is escaped or missing: %s", r.body)
	}
	var p productOut
	r.json(t, &p)
	if p.ID != 101 || p.SKU != "ROSE-RED-15" || p.Price != 3500 || p.OldPrice != 4200 || len(p.ImageList) != 2 ||
		len(p.Params) != 2 || len(p.Params[1].Values) != 2 || len(p.Modifiers) != 3 || p.Modifiers[0].Price != "150.00" ||
		p.Modifiers[0].Image.URL == "" || len(p.Modifiers[0].Extra) != 1 || len(p.Categories) != 2 || p.ParentID != 0 {
		t.Errorf("product 101 = %+v", p)
	}
	r = e.do(user1, "GET", "/v1/shop/product/102", nil)
	r.json(t, &p)
	if len(p.Variants) != 2 || p.Variants[0].ID != 105 || p.Variants[1].Values[0].ValueID != 32 {
		t.Errorf("product 102 variants = %+v", p.Variants)
	}
	r = e.do(user1, "GET", "/v1/shop/product/105", nil)
	wantStatus(t, r, http.StatusOK)
	r.json(t, &p)
	if p.ParentID != 102 {
		t.Errorf("variant 105 parent_id = %d, want 102", p.ParentID)
	}
	for _, id := range []string{"103", "104", "106"} {
		wantStatus(t, e.do(user1, "GET", "/v1/shop/product/"+id, nil), http.StatusOK)
	}
	for _, id := range []string{"301", "302"} {
		wantStatus(t, e.do(user2, "GET", "/v1/shop/product/"+id, nil), http.StatusOK)
		wantError(t, e.do(user1, "GET", "/v1/shop/product/"+id, nil), 403, KindCantViewSite, "user cant view site")
	}
	wantError(t, e.do(user1, "GET", "/v1/shop/product/999", nil), 404, KindProductNotFound, "product 999 not found")
	wantError(t, e.do(user1, "GET", "/v1/shop/product/0", nil), 400, KindInvalid, "product_id")
}
