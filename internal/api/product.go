package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/jsonscan"
)

// Product is a shop product (spec 2.5). Numbers the server may leave out
// or send as null are pointers; variants and a modifier's extra, whose
// item shape is not documented, are kept as raw JSON.
type Product struct {
	ID               Int
	SKU              String
	Name             String
	Description      String
	ShortDescription String
	DescriptionURL   String
	Price            *Float
	OldPrice         *Float
	IsVisible        *Bool
	Quantity         *Float
	Weight           *Float
	Length           *Float
	Width            *Float
	Height           *Float
	Categories       []Category
	ParamGroupID     *Int
	ParentID         *Int
	Variants         json.RawMessage
	Images           []Image
	Params           []Param
	Modifiers        []Modifier
}

// Category is a product's category: the spec gives only its id; a name is
// shown when the server sends one.
type Category struct {
	ID   Int
	Name String
}

// Image is a product or modifier image.
type Image struct {
	ID       Int
	URL      String
	StatusID *Int
}

// Param is a product parameter with its values.
type Param struct {
	ID        Int
	TypeID    *Int
	Name      String
	Unit      String
	IsVisible *Bool
	Values    []ParamValue
}

// ParamValue is one value of a parameter.
type ParamValue struct {
	ID            Int
	Label         String
	Value         String
	IsVisible     *Bool
	ImageStatusID *Int
	ImageURL      String
}

// Modifier is a product modifier (an option a buyer can add). Its price is
// a string in the spec.
type Modifier struct {
	ID        Int
	Type      *Int
	Name      String
	Price     String
	MaxCount  *Int
	Default   *Bool
	Image     *Image
	IsVisible *Bool
	Extra     json.RawMessage
}

// GetProduct returns one product as the server sent it: a JSON object.
// It is decoded only for the table (DecodeProduct), so that -o json shows
// whatever the server sent even when a field drifted in type.
func (c *Client) GetProduct(ctx context.Context, id int64) (json.RawMessage, error) {
	raw, err := c.getJSON(ctx, "/v1/shop/product/"+strconv.FormatInt(id, 10), nil, '{', Subject{Kind: SubjectProduct, ID: id})
	if err != nil {
		return nil, inContext(err, "api.get_product", "ID", id)
	}
	return raw, nil
}

// DecodeProduct decodes a product returned by GetProduct. Unknown fields
// are skipped; a field of the wrong type is an error that names it.
func DecodeProduct(raw json.RawMessage) (Product, error) {
	var p Product
	err := jsonscan.Fields(raw, func(k, v []byte) error {
		var err error
		switch string(k) {
		case "id":
			err = p.ID.UnmarshalJSON(v)
		case "sku":
			err = p.SKU.UnmarshalJSON(v)
		case "name":
			err = p.Name.UnmarshalJSON(v)
		case "description":
			err = p.Description.UnmarshalJSON(v)
		case "short_description":
			err = p.ShortDescription.UnmarshalJSON(v)
		case "description_url":
			err = p.DescriptionURL.UnmarshalJSON(v)
		case "price":
			p.Price, err = nullable[Float](v)
		case "old_price":
			p.OldPrice, err = nullable[Float](v)
		case "is_visible":
			p.IsVisible, err = nullable[Bool](v)
		case "quantity":
			p.Quantity, err = nullable[Float](v)
		case "weight":
			p.Weight, err = nullable[Float](v)
		case "length":
			p.Length, err = nullable[Float](v)
		case "width":
			p.Width, err = nullable[Float](v)
		case "height":
			p.Height, err = nullable[Float](v)
		case "param_group_id":
			p.ParamGroupID, err = nullable[Int](v)
		case "parent_id":
			p.ParentID, err = nullable[Int](v)
		case "variants":
			p.Variants = json.RawMessage(v)
		case "categories":
			p.Categories, err = list(v, decodeCategory)
		case "image_list":
			p.Images, err = list(v, decodeImage)
		case "params":
			p.Params, err = list(v, decodeParam)
		case "modifiers":
			p.Modifiers, err = list(v, decodeModifier)
		}
		if err != nil {
			return i18n.NewError(0, "api.json.field", "Field", string(k), "Err", err)
		}
		return nil
	})
	if err != nil {
		return Product{}, &ResponseError{Status: http.StatusOK, Why: i18n.M("api.json.product", "Err", err)}
	}
	return p, nil
}

// list decodes a JSON array with decode. null, false and {} are an empty
// list, and an object's values are read as the list's items in order:
// PHP-style servers send both forms.
func list[T any](v []byte, decode func([]byte) (T, error)) ([]T, error) {
	if len(v) == 0 {
		return nil, nil
	}
	var out []T
	add := func(b []byte) error {
		x, err := decode(b)
		if err != nil {
			return i18n.NewError(0, "api.json.item", "N", len(out), "Err", err)
		}
		out = append(out, x)
		return nil
	}
	switch v[0] {
	case 'n', 'f':
		if isNull(v) || string(v) == "false" {
			return nil, nil
		}
	case '[':
		return out, jsonscan.Elements(v, add)
	case '{':
		return out, jsonscan.Fields(v, func(_, b []byte) error { return add(b) })
	}
	return nil, i18n.NewError(0, "api.json.want_list", "Got", clip(v))
}

// object calls fn for each field of a JSON object, and names the field in
// an error.
func object(v []byte, fn func(k string, v []byte) error) error {
	if len(v) == 0 || v[0] != '{' {
		return i18n.NewError(0, "api.json.want_object", "Got", clip(v))
	}
	return jsonscan.Fields(v, func(k, v []byte) error {
		if err := fn(string(k), v); err != nil {
			return i18n.NewError(0, "api.json.field", "Field", string(k), "Err", err)
		}
		return nil
	})
}

func decodeCategory(v []byte) (Category, error) {
	var c Category
	if len(v) > 0 && v[0] != '{' {
		// A bare id.
		return c, c.ID.UnmarshalJSON(v)
	}
	err := object(v, func(k string, v []byte) error {
		switch k {
		case "id":
			return c.ID.UnmarshalJSON(v)
		case "name", "title":
			return c.Name.UnmarshalJSON(v)
		}
		return nil
	})
	return c, err
}

func decodeImage(v []byte) (Image, error) {
	var im Image
	err := object(v, func(k string, v []byte) error {
		var err error
		switch k {
		case "id":
			err = im.ID.UnmarshalJSON(v)
		case "url":
			err = im.URL.UnmarshalJSON(v)
		case "status_id":
			im.StatusID, err = nullable[Int](v)
		}
		return err
	})
	return im, err
}

func decodeParam(v []byte) (Param, error) {
	var p Param
	err := object(v, func(k string, v []byte) error {
		var err error
		switch k {
		case "id":
			err = p.ID.UnmarshalJSON(v)
		case "type_id":
			p.TypeID, err = nullable[Int](v)
		case "name":
			err = p.Name.UnmarshalJSON(v)
		case "unit":
			err = p.Unit.UnmarshalJSON(v)
		case "is_visible":
			p.IsVisible, err = nullable[Bool](v)
		case "values":
			p.Values, err = list(v, decodeParamValue)
		}
		return err
	})
	return p, err
}

func decodeParamValue(v []byte) (ParamValue, error) {
	var pv ParamValue
	err := object(v, func(k string, v []byte) error {
		var err error
		switch k {
		case "id":
			err = pv.ID.UnmarshalJSON(v)
		case "label":
			err = pv.Label.UnmarshalJSON(v)
		case "value":
			err = pv.Value.UnmarshalJSON(v)
		case "is_visible":
			pv.IsVisible, err = nullable[Bool](v)
		case "image_status_id":
			pv.ImageStatusID, err = nullable[Int](v)
		case "image_url":
			err = pv.ImageURL.UnmarshalJSON(v)
		}
		return err
	})
	return pv, err
}

func decodeModifier(v []byte) (Modifier, error) {
	var m Modifier
	err := object(v, func(k string, v []byte) error {
		var err error
		switch k {
		case "id":
			err = m.ID.UnmarshalJSON(v)
		case "type":
			m.Type, err = nullable[Int](v)
		case "name":
			err = m.Name.UnmarshalJSON(v)
		case "price":
			err = m.Price.UnmarshalJSON(v)
		case "max_count":
			m.MaxCount, err = nullable[Int](v)
		case "default":
			m.Default, err = nullable[Bool](v)
		case "is_visible":
			m.IsVisible, err = nullable[Bool](v)
		case "image":
			if !isNull(v) && string(v) != "false" {
				var im Image
				im, err = decodeImage(v)
				m.Image = &im
			}
		case "extra":
			m.Extra = json.RawMessage(v)
		}
		return err
	})
	return m, err
}

// nullable decodes a product field that may be absent or null (nil).
func nullable[T any, PT interface {
	*T
	json.Unmarshaler
}](v []byte) (*T, error) {
	if isNull(v) {
		return nil, nil
	}
	x := new(T)
	if err := PT(x).UnmarshalJSON(v); err != nil {
		return nil, err
	}
	return x, nil
}
