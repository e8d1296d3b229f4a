package view

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/golden"
	"github.com/promoctl/promoctl/internal/output"
)

// productJSON is a product with every documented field, fields this client
// does not know, HTML and entities in the descriptions, a description
// longer than the card shows and escape sequences in server text.
var productJSON = `{"id":123456,"sku":"TSH-001","name":"Футболка \u001b[31mкрасная\u001b[0m","description":"<p>Хлопок&nbsp;100%.</p><ul><li>Размеры: S&ndash;XL</li><li>Цвет: &laquo;красный&raquo;</li></ul><script>alert(1)</script><p>` +
	strings.Repeat("Очень длинное описание. ", 12) + `</p>",
"price":1490.5,"is_visible":true,"quantity":12,"weight":0.25,"length":30,"width":20,"height":2,
"categories":[{"id":3},{"id":7,"name":"Sale"}],"param_group_id":4,"variants":[{"id":1},{"id":2}],"parent_id":0,"old_price":1990,
"short_description":"Хит &amp; новинка<br/>2026","description_url":"https://shop.example/t-shirt",
"image_list":[{"id":901,"url":"https://cdn.example/1.jpg","status_id":1},{"id":902,"url":"https://cdn.example/2.jpg\u001b]8;;https://evil/\u0007","status_id":2}],
"params":[{"id":11,"type_id":1,"name":"Размер","unit":"","is_visible":true,"values":[{"id":1,"label":"S","value":"s","is_visible":true,"image_status_id":0,"image_url":""},{"id":2,"label":"","value":"XL","is_visible":false,"image_status_id":0,"image_url":""}]},
 {"id":12,"type_id":2,"name":"Плотность","unit":"г/м²","is_visible":false,"values":[{"id":3,"label":"180","value":"180","is_visible":true}]}],
"modifiers":[{"id":21,"type":1,"name":"Подарочная упаковка","price":"150","max_count":1,"default":false,"image":{"id":903,"url":"https://cdn.example/box.jpg","status_id":1},"is_visible":true,"extra":[]},
 {"id":22,"type":2,"name":"Гравировка","price":"договорная","max_count":3,"default":true,"image":null,"is_visible":false,"extra":[{"k":"v"}]}],
"x_new_field":{"kept":[1,2,3]}}`

func TestProductCard(t *testing.T) {
	t.Parallel()
	got := render(t, Product(json.RawMessage(productJSON), moscow, nil), output.Options{Format: format.Table})
	golden.Equal(t, got)
	expectTerminalSafe(t, got)
	for _, want := range []string{
		"Хлопок 100%. Размеры: S–XL Цвет: «красный» Очень", // tags stripped, entities decoded
		"Хит & новинка 2026",
		"1490.50", "1990.00", "30 × 20 × 2", "0.25", "3, Sale (7)", "Variants:           1, 2", "processing",
		"Images:", "https://cdn.example/2.jpg", "Parameters:", "S, XL (hidden)", "г/м²",
		"Modifiers:", "150.00", "договорная",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("card lacks %q:\n%s", want, got)
		}
	}
	for _, bad := range []string{"<p>", "&nbsp;", "&laquo;", "alert(1)", "x_new_field"} {
		if strings.Contains(got, bad) {
			t.Errorf("card shows %q:\n%s", bad, got)
		}
	}
	// The description is cut to 200 characters and "…", and wrapped onto
	// rows with an empty key.
	var desc []string
	lines := strings.Split(got, "\n")
	for i, line := range lines {
		if strings.HasPrefix(line, "Description:") {
			desc = append(desc, strings.TrimSpace(strings.TrimPrefix(line, "Description:")))
			for _, more := range lines[i+1:] {
				if !strings.HasPrefix(more, " ") {
					break
				}
				desc = append(desc, strings.TrimSpace(more))
			}
		}
	}
	text := strings.Join(desc, " ")
	if n := len([]rune(text)); n != descriptionRunes+1 || !strings.HasSuffix(text, "…") || len(desc) != 3 {
		t.Errorf("description is %d characters on %d rows, want %d ending in … on 3: %q", n, len(desc), descriptionRunes+1, text)
	}
}

func TestProductJSONAndYAMLAreComplete(t *testing.T) {
	t.Parallel()
	d := Product(json.RawMessage(productJSON), moscow, nil)
	if js := render(t, d, output.Options{Format: format.JSON}); !sameJSON(t, js, productJSON) {
		t.Errorf("JSON is not the server's:\n%s", js)
	}
	y := render(t, d, output.Options{Format: format.YAML})
	for _, want := range []string{"x_new_field:", strings.Repeat("Очень длинное описание. ", 12), "<script>alert(1)</script>"} {
		if !strings.Contains(y, want) {
			t.Errorf("YAML lacks %q:\n%s", want, y)
		}
	}
}

func TestProductCardOfASparseProduct(t *testing.T) {
	t.Parallel()
	// Nulls, missing fields, PHP-style {} for empty lists and numbers sent
	// as strings.
	raw := `{"id":"77","name":null,"price":"99.9","old_price":0,"categories":{},"image_list":null,"params":[],"modifiers":{"0":{"id":5,"name":"Box","price":""}}}`
	got := render(t, Product(json.RawMessage(raw), moscow, nil), output.Options{Format: format.Table})
	golden.Equal(t, got)
	for _, bad := range []string{"Images:", "Parameters:", "Description"} {
		if strings.Contains(got, bad) {
			t.Errorf("sparse card shows %q:\n%s", bad, got)
		}
	}
}

func TestProductCardNamesAFieldOfTheWrongType(t *testing.T) {
	t.Parallel()
	d := Product(json.RawMessage(`{"id":1,"image_list":[{"id":1,"url":"u"},{"id":{"x":1}}]}`), moscow, nil)
	_, err := d.Tables()
	if err == nil || !strings.Contains(err.Error(), `field "image_list": item 1: field "id"`) {
		t.Errorf("error = %v, want one naming image_list item 1 id", err)
	}
	// JSON output does not decode, so it still works.
	if js := render(t, d, output.Options{Format: format.JSON}); !strings.Contains(js, `{"id":{"x":1}}`) {
		t.Errorf("JSON = %s", js)
	}
}

func TestHTMLText(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"plain":                            "plain",
		"<b>bold</b> &amp; <i>it</i>":      "bold & it",
		"a < b and c > d":                  "a < b and c > d",
		"1 &lt;b&gt; 2":                    "1 <b> 2",
		"<p>one</p><p>two</p>":             "one two",
		"x<style>p{color:red}</style>y":    "x y",
		"<SCRIPT type=x>evil()</SCRIPT>ok": "ok",
		"&#27;[31mred&#x1b;]0;t&#7;":       "red",
		"line\nbreak\t tab":                "line break tab",
		"<unclosed":                        "",
		"<!-- comment -->text":             "text",
		`<a title="a>b">link</a>`:          "link",
		"x<!-- a > b -->y":                 "x y",
		"<!-- <b>not a tag</b> -->shown":   "shown",
		"<p>Hel<b>lo</b></p>":              "Hel lo",
	} {
		got := HTMLText(in)
		if got != want {
			t.Errorf("HTMLText(%q) = %q, want %q", in, got, want)
		}
		expectTerminalSafe(t, got)
	}
}

func TestProductNoHeadersDropsSectionTitles(t *testing.T) {
	t.Parallel()
	got := render(t, Product(json.RawMessage(productJSON), moscow, nil), output.Options{Format: format.Table, NoHeaders: true})
	for _, bad := range []string{"Images:", "Parameters:", "Modifiers:", "MAX COUNT"} {
		if strings.Contains(got, bad) {
			t.Errorf("--no-headers output holds %q:\n%s", bad, got)
		}
	}
	if !strings.Contains(got, "https://cdn.example/1.jpg") {
		t.Errorf("--no-headers output lacks the images:\n%s", got)
	}
}
