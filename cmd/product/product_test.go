package product

import (
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
)

// productJSON has every documented field of a product (spec 2.5), fields
// this client does not know, HTML in the descriptions, and escape
// sequences in server text.
const productJSON = `{"id":123456,"sku":"TSH-001","name":"T-shirt \u001b[31mred\u001b[0m\u001b]0;pwned\u0007","description":"<p>Cotton&nbsp;100%.</p><ul><li>Sizes: S&ndash;XL</li></ul><script>alert(1)</script>",
"price":1490.5,"is_visible":true,"quantity":12,"weight":0.25,"length":30,"width":20,"height":2,
"categories":[{"id":3},{"id":7}],"param_group_id":4,"variants":[],"parent_id":0,"old_price":1990,"short_description":"","description_url":"https://shop.example/t-shirt",
"image_list":[{"id":901,"url":"https://cdn.example/1.jpg","status_id":1}],
"params":[{"id":11,"type_id":1,"name":"Size","unit":"","is_visible":true,"values":[{"id":1,"label":"S","value":"s","is_visible":true,"image_status_id":0,"image_url":""},{"id":2,"label":"XL","value":"xl","is_visible":false,"image_status_id":0,"image_url":""}]}],
"modifiers":[{"id":21,"type":1,"name":"Gift box","price":"150","max_count":1,"default":false,"image":{"id":903,"url":"https://cdn.example/box.jpg","status_id":1},"is_visible":true,"extra":[{"unknown":true}]}],
"x_new":{"nested":[1,{"deep":null}]}}`

func TestProductGetTable(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/shop/product/123456", http.StatusOK, productJSON)
	res := r.Run("product", "get", "123456")
	res.ExpectGolden(t, 0, "")
	cmdtest.ExpectNoControlBytes(t, "product get", res.Stdout)
	reqs := r.ExpectRoutes(t, "GET /v1/shop/product/123456")
	cmdtest.ExpectHeaders(t, reqs[0], false)
	for _, bad := range []string{"<p>", "&nbsp;", "alert", "pwned"} {
		if strings.Contains(res.Stdout, bad) {
			t.Errorf("card shows %q:\n%s", bad, res.Stdout)
		}
	}
}

func TestProductGetJSONIsTheServersObject(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/shop/product/123456", http.StatusOK, productJSON)
	r.Run("product", "get", "123456", "-o", "json").Expect(t, 0, productJSON+"\n", "") // the server's bytes
	// --jq writes what it made of them: the same object, its keys sorted.
	r = newRunner(t)
	r.API.Handle("GET /v1/shop/product/123456", http.StatusOK, productJSON)
	r.Run("product", "get", "123456", "--jq", ".").ExpectGolden(t, 0, "")
}

func TestProductGetJSONSurvivesFieldsOfTheWrongType(t *testing.T) {
	// The card cannot read a price that is an object; JSON passes it on.
	body := `{"id":1,"price":{"amount":5},"x":"y"}`
	r := newRunner(t)
	r.API.Handle("GET /v1/shop/product/1", http.StatusOK, body)
	res := r.Run("product", "get", "1", "-o", "json")
	res.Expect(t, 0, body+"\n", "")

	r = newRunner(t)
	r.API.Handle("GET /v1/shop/product/1", http.StatusOK, body)
	r.Run("product", "get", "1").Expect(t, 1, "",
		"promoctl: unexpected response from the server (HTTP 200): product: field \"price\": want a number, got {\"amount\":5}\n")
}

func TestProductGetErrors(t *testing.T) {
	for _, c := range []struct {
		name   string
		status int
		body   string
		code   int
		stderr string
	}{
		{"forbidden", 403, apitest.Error(403, 30, "user cant view site"), 3,
			"promoctl: you cannot view the site of product 5 (API error 30: user cant view site)\n"},
		{"not found", 404, apitest.Error(404, 0, "product not found"), 4,
			"promoctl: product 5 does not exist or is not visible to you (API error 0: product not found)\n"},
		{"no body", 404, "", 4,
			"promoctl: get product 5: the server at {URL} has no endpoint GET /v1/shop/product/5 (HTTP 404 without an API error): check --base-url (now {URL}, from PROMOCTL_BASE_URL)\n"},
		{"unauthorized", 401, apitest.Error(401, 0, "bad token"), 3,
			"promoctl: get product 5: authentication failed: check the token and user id (promoctl auth status) (API error 0: bad token)\n"},
		{"server error", 500, apitest.Error(500, 0, "unknown error"), 1,
			"promoctl: get product 5: server error (API error 0: unknown error)\n"},
		{"a list", 200, `[{"id":5}]`, 1,
			"promoctl: get product 5: unexpected response from the server (HTTP 200): expected an object, got a list\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("GET /v1/shop/product/5", c.status, c.body)
			r.Run("product", "get", "5").Expect(t, c.code, "", strings.ReplaceAll(c.stderr, "{URL}", r.API.URL))
		})
	}
}

func TestProductGetRejectsBadIDs(t *testing.T) {
	for _, c := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"product", "get", "abc"}, `promoctl: invalid product id "abc": must be a positive integer`},
		{[]string{"product", "get", "0"}, `promoctl: invalid product id "0": must be a positive integer`},
		{[]string{"product", "get", "--", "-3"}, `promoctl: invalid product id "-3": must be a positive integer`},
		{[]string{"product", "get", "1.5"}, `promoctl: invalid product id "1.5": must be a positive integer`},
		{[]string{"product", "get"}, `promoctl: product get needs a product id (usage: promoctl product get ID)`},
		{[]string{"product", "get", "1", "2"}, `promoctl: product get needs a product id, got 2 arguments (usage: promoctl product get ID)`},
		{[]string{"product", "fetch", "1"}, `promoctl: unknown command "fetch" for "promoctl product"`},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			r := newRunner(t)
			r.Run(c.args...).Expect(t, 2, "", c.stderr+"\n")
			r.ExpectNoRequests(t)
		})
	}
}

// Image statuses read as words (1 ready, 2 processing, as the sandbox
// documents them; the API spec leaves them open; others as sent), and
// variants by their ids.
func TestProductGetNamesImageStatusesAndVariants(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/shop/product/102", http.StatusOK, `{"id":102,"name":"Tulip mix","price":990,
"variants":[{"id":105,"sku":"T-11","price":990},{"id":"106","price":1990}],
"image_list":[{"id":1,"url":"https://cdn.example/1.jpg","status_id":1},{"id":2,"url":"https://cdn.example/2.jpg","status_id":"2"},
 {"id":3,"url":"https://cdn.example/3.jpg","status_id":7},{"id":4,"url":"https://cdn.example/4.jpg"}]}`)
	r.Run("product", "get", "102").Expect(t, 0, apitest.Lines(
		"ID:                102",
		"Name:              Tulip mix",
		"SKU:               -",
		"Price:             990.00",
		"Old price:         -",
		"Quantity:          -",
		"Visible:           -",
		"Size (L × W × H):  -",
		"Weight:            -",
		"Categories:        -",
		"Variants:          105, 106",
		"",
		"Images:",
		"ID  URL                        STATUS",
		"1   https://cdn.example/1.jpg  ready",
		"2   https://cdn.example/2.jpg  processing",
		"3   https://cdn.example/3.jpg  7",
		"4   https://cdn.example/4.jpg  -",
	), "")

	// Variants of an unknown shape are counted.
	r = newRunner(t)
	r.API.Handle("GET /v1/shop/product/103", http.StatusOK, `{"id":103,"variants":[{"sku":"A"},{"sku":"B"}]}`)
	r.Run("product", "get", "103").Expect(t, 0, apitest.Lines(
		"ID:                103",
		"Name:              -",
		"SKU:               -",
		"Price:             -",
		"Old price:         -",
		"Quantity:          -",
		"Visible:           -",
		"Size (L × W × H):  -",
		"Weight:            -",
		"Categories:        -",
		"Variants:          [2 items]",
	), "")
}
