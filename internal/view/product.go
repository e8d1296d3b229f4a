package view

import (
	"bytes"
	"encoding/json"
	stdhtml "html"
	"strconv"
	"strings"
	"time"

	"golang.org/x/net/html"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/records"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// descriptionRunes bounds a description in the product card; -o json and
// -o yaml have it whole.
const descriptionRunes = 200

// Product shows a product as a card: its main fields, then a section each
// for images, parameters with their values, and modifiers. The product is
// decoded only for the card, so -o json, yaml and --jq show the server's
// object whatever it holds; CSV is one row of its flattened fields. The
// size is said in msg's language (nil: English); the other keys and
// values are the tables' English, which the table's Locale says.
func Product(raw json.RawMessage, loc *time.Location, msg *i18n.Printer) output.Data {
	return output.Data{
		JSON: raw,
		Tables: func() ([]output.Grid, error) {
			p, err := api.DecodeProduct(raw)
			if err != nil {
				return nil, err
			}
			return productCard(p, msg), nil
		},
		CSV: func() (output.Grid, error) { return recordCSV(raw) },
	}
}

func productCard(p api.Product, msg *i18n.Printer) []output.Grid {
	var c card
	add := func(hd output.Head, v string) { c.add(hd, v) }
	add(h("id", text), strconv.FormatInt(int64(p.ID), 10))
	add(h("name", text), orDash(termsafe.String(string(p.Name))))
	add(h("sku", text), orDash(termsafe.String(string(p.SKU))))
	add(h("price", amount), optMoney(p.Price))
	add(h("old_price", amount), optMoney(nonZero(p.OldPrice)))
	add(h("quantity", output.CellNumber), optNumber(p.Quantity))
	add(h("visible", word), optYesNo(p.IsVisible))
	add(output.Head{ID: "view.product.size"}, dimensions(p.Length, p.Width, p.Height, msg))
	add(h("weight", output.CellNumber), optNumber(nonZero(p.Weight)))
	add(h("categories", text), categories(p.Categories))
	if p.ParentID != nil && *p.ParentID != 0 {
		add(h("parent_product", text), strconv.FormatInt(int64(*p.ParentID), 10))
	}
	if p.ParamGroupID != nil && *p.ParamGroupID != 0 {
		add(h("parameter_group", text), strconv.FormatInt(int64(*p.ParamGroupID), 10))
	}
	if len(p.Variants) > 0 && firstByte(p.Variants) != 'n' && !isEmpty(p.Variants) {
		add(h("variants", text), variantIDs(p.Variants))
	}
	if s := HTMLText(string(p.ShortDescription)); s != "" {
		add(h("short_description", text), clipRunes(s, descriptionRunes))
	}
	if s := HTMLText(string(p.Description)); s != "" {
		add(h("description", text), clipRunes(s, descriptionRunes))
	}
	if p.DescriptionURL != "" {
		add(h("description_url", text), termsafe.String(string(p.DescriptionURL)))
	}
	gs := []output.Grid{c.grid(true)}
	// yesNo is a yes/no cell in msg's language.
	yesNo := func(v *api.Bool) string {
		if s := optYesNo(v); s != "-" {
			return msg.T("word." + s)
		}
		return "-"
	}

	if len(p.Images) > 0 {
		g := columns(h("id", text), h("url", text), h("status", text)) // the status is said in msg's language
		g.Title = msg.T("view.product.images")
		for _, im := range p.Images {
			g.Rows = append(g.Rows, []string{strconv.FormatInt(int64(im.ID), 10), orDash(termsafe.String(string(im.URL))), imageStatus(im.StatusID, msg)})
		}
		gs = append(gs, g)
	}
	if len(p.Params) > 0 {
		g := columns(h("id", text), h("name", text), h("values", text), h("unit", text), h("visible", word))
		g.Title = msg.T("view.product.parameters")
		for _, pr := range p.Params {
			g.Rows = append(g.Rows, []string{strconv.FormatInt(int64(pr.ID), 10), orDash(termsafe.String(string(pr.Name))),
				paramValues(pr.Values), termsafe.String(string(pr.Unit)), yesNo(pr.IsVisible)})
		}
		gs = append(gs, g)
	}
	if len(p.Modifiers) > 0 {
		g := columns(h("id", text), h("name", text), h("price", amount), h("max_count", text), h("default", word), h("visible", word))
		g.Title = msg.T("view.product.modifiers")
		for _, m := range p.Modifiers {
			g.Rows = append(g.Rows, []string{strconv.FormatInt(int64(m.ID), 10), orDash(termsafe.String(string(m.Name))),
				textMoney(string(m.Price)), optInt(m.MaxCount), yesNo(m.Default), yesNo(m.IsVisible)})
		}
		gs = append(gs, g)
	}
	return gs
}

// imageStatus names an image's status_id. The API spec leaves the values
// open; the sandbox documents 1 as ready and 2 as processing. Others are
// shown as sent.
func imageStatus(id *api.Int, msg *i18n.Printer) string {
	if id == nil {
		return "-"
	}
	switch *id {
	case 1:
		return msg.T("view.product.image_ready")
	case 2:
		return msg.T("view.product.image_processing")
	}
	return optInt(id)
}

// variantIDs lists a product's variants by id ("105, 106") when each is
// an id or an object with one; the spec leaves their shape open, so any
// other shape is summarised ([2 items]).
func variantIDs(raw json.RawMessage) string {
	es, err := records.Elements(raw)
	ids := make([]string, 0, len(es))
	for _, e := range es {
		v := []byte(e)
		if firstByte(e) == '{' {
			fs, ferr := records.Fields(e)
			if ferr != nil {
				err = ferr
				break
			}
			v, _ = records.Get(fs, "id")
		}
		switch firstByte(v) {
		case '"':
			ids = append(ids, termsafe.String(jsonText(v)))
			continue
		case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			ids = append(ids, string(bytes.TrimSpace(v)))
			continue
		}
		ids = nil
		break
	}
	if err != nil || len(ids) == 0 {
		return summary(raw)
	}
	return clipRunes(strings.Join(ids, ", "), 2*listCellRunes)
}

// paramValues lists a parameter's values by label (or value when it has
// none), marking hidden ones, within listCellRunes·2 characters.
func paramValues(vs []api.ParamValue) string {
	parts := make([]string, 0, len(vs))
	for _, v := range vs {
		s := strings.TrimSpace(termsafe.String(string(v.Label)))
		if s == "" {
			s = strings.TrimSpace(termsafe.String(string(v.Value)))
		}
		if v.IsVisible != nil && !*v.IsVisible {
			s += " (hidden)"
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "-"
	}
	return clipRunes(strings.Join(parts, ", "), 2*listCellRunes)
}

func categories(cs []api.Category) string {
	if len(cs) == 0 {
		return "-"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		id := strconv.FormatInt(int64(c.ID), 10)
		if name := termsafe.String(string(c.Name)); name != "" {
			parts[i] = name + " (" + id + ")"
		} else {
			parts[i] = id
		}
	}
	return clipRunes(strings.Join(parts, ", "), 2*listCellRunes)
}

func dimensions(l, w, h *api.Float, msg *i18n.Printer) string {
	if nonZero(l) == nil && nonZero(w) == nil && nonZero(h) == nil {
		return "-"
	}
	n := func(v *api.Float) string {
		if v == nil {
			return "-"
		}
		return msg.Decimal(float64(*v))
	}
	return n(l) + " × " + n(w) + " × " + n(h)
}

// HTMLText turns an HTML fragment into one line of plain, terminal-safe
// text: tags, comments and the contents of script and style are dropped,
// entities decoded, whitespace collapsed. The fragment is read by the
// HTML5 tokenizer, so a ">" inside a quoted attribute or a comment ends
// nothing early.
func HTMLText(s string) string {
	z := html.NewTokenizer(strings.NewReader(s))
	var b strings.Builder
	b.Grow(len(s))
	skip := "" // the script or style element being skipped
	for {
		switch z.Next() {
		case html.ErrorToken:
			// io.EOF, or a fragment cut short: what was read is the text.
			return strings.Join(strings.Fields(termsafe.String(b.String())), " ")
		case html.TextToken:
			if skip == "" {
				// The standard library's unescaper, not z.Text(): its
				// entity table is built on first use, where x/net/html's
				// is built at start-up for every command (0.1 ms).
				b.WriteString(stdhtml.UnescapeString(string(z.Raw())))
			}
		case html.StartTagToken:
			if name, _ := z.TagName(); string(name) == "script" || string(name) == "style" {
				skip = string(name)
			}
			b.WriteByte(' ') // tags separate words: <p>a</p><p>b</p> is "a b"
		case html.EndTagToken:
			if name, _ := z.TagName(); string(name) == skip {
				skip = ""
			}
			b.WriteByte(' ')
		default: // self-closing tags, comments, doctypes
			b.WriteByte(' ')
		}
	}
}

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "-"
	}
	return s
}

func nonZero(v *api.Float) *api.Float {
	if v == nil || *v == 0 {
		return nil
	}
	return v
}

func optMoney(v *api.Float) string {
	if v == nil {
		return "-"
	}
	return Money(float64(*v))
}

func optNumber(v *api.Float) string {
	if v == nil {
		return "-"
	}
	return fmtFloat(float64(*v))
}

func optYesNo(v *api.Bool) string {
	if v == nil {
		return "-"
	}
	return YesNo(bool(*v))
}

// textMoney shows a price sent as text: as money when it is a number.
func textMoney(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return "-"
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return Money(f)
	}
	return termsafe.String(s)
}
