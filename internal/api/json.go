package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/jsonscan"
)

// GetJSON sends an authenticated GET and returns the body, which must be
// JSON. It is the base of the read-only resources.
func (c *Client) getJSON(ctx context.Context, path string, q url.Values, want byte, subject Subject) (json.RawMessage, error) {
	resp, err := c.Do(ctx, Request{Method: http.MethodGet, Path: path, Query: q, List: want == '['})
	if err != nil {
		return nil, withSubject(err, subject)
	}
	return checkJSON(resp, want)
}

// checkJSON makes sure a 2xx body is complete JSON whose top level is an
// object ('{') or an array ('['), or any value when want is 0. A null list
// is returned as [].
func checkJSON(resp *Response, want byte) (json.RawMessage, error) {
	body, err := checkShape(resp, want)
	if err != nil {
		return nil, err
	}
	if err := jsonscan.Check(body); err != nil {
		return nil, &ResponseError{Status: resp.Status, Why: i18n.M("api.json.error", "Err", err)}
	}
	return body, nil
}

// checkShape is the part of checkJSON that does not read the whole body:
// not empty, not an HTML page, the expected kind of value, and not cut
// off (an object ends with '}', an array with ']').
func checkShape(resp *Response, want byte) (json.RawMessage, error) {
	body := bytes.TrimSpace(resp.Body)
	if len(body) == 0 {
		return nil, &ResponseError{Status: resp.Status, Why: i18n.M("api.json.empty")}
	}
	bad := func(why i18n.Message) (json.RawMessage, error) {
		return nil, &ResponseError{Status: resp.Status, Why: why}
	}
	first, last := body[0], body[len(body)-1]
	switch {
	case first == '<':
		return bad(i18n.M("api.json.html"))
	case first == '{' && last != '}', first == '[' && last != ']':
		return bad(i18n.M("api.json.truncated"))
	case first != '{' && first != '[' && first != '"' && !jsonscan.Valid(body):
		return bad(i18n.M("api.json.invalid"))
	}
	if want == '[' && string(body) == "null" {
		return json.RawMessage("[]"), nil
	}
	if want != 0 && first != want {
		return bad(i18n.M("api.json.expected", "Want", jsonKind(want), "Got", jsonKind(first)))
	}
	return body, nil
}

// jsonKind is the kind of JSON value that starts with b, as a message.
func jsonKind(b byte) i18n.Message {
	switch b {
	case '{':
		return i18n.M("api.json.kind.object")
	case '[':
		return i18n.M("api.json.kind.list")
	case '"':
		return i18n.M("api.json.kind.string")
	case 't', 'f':
		return i18n.M("api.json.kind.bool")
	case 'n':
		return i18n.M("api.json.kind.null")
	}
	return i18n.M("api.json.kind.number")
}

// describeJSONError turns a decoding error into words that name the field.
func describeJSONError(err error) i18n.Message {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field != "" {
			return i18n.M("api.json.field_type", "Field", te.Field, "Got", te.Value, "Want", te.Type.String())
		}
		return i18n.M("api.json.wrong_type", "Got", te.Value, "Want", te.Type.String())
	}
	return i18n.M("api.json.cannot_decode", "Err", err)
}
