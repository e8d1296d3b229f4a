package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"github.com/promoctl/promoctl/internal/jsonscan"
)

// GetJSON sends an authenticated GET and returns the body, which must be
// JSON. It is the base of the read-only resources.
func (c *Client) getJSON(ctx context.Context, path string, q url.Values, want byte, subject string) (json.RawMessage, error) {
	resp, err := c.Do(ctx, Request{Method: http.MethodGet, Path: path, Query: q})
	if err != nil {
		return nil, withSubject(err, subject)
	}
	return checkJSON(resp, want)
}

// checkJSON makes sure a 2xx body is complete JSON whose top level is an
// object ('{') or an array ('['), or any value when want is 0. A null list
// is returned as [].
func checkJSON(resp *Response, want byte) (json.RawMessage, error) {
	body := bytes.TrimSpace(resp.Body)
	if len(body) == 0 {
		return nil, &ResponseError{Status: resp.Status, Reason: "the body is empty, expected JSON"}
	}
	if !jsonscan.Valid(body) {
		reason := "the body is not valid JSON"
		switch {
		case body[0] == '<':
			reason = "the body is an HTML page, expected JSON"
		case body[0] == '{' || body[0] == '[':
			reason = "the JSON is malformed or truncated"
		}
		return nil, &ResponseError{Status: resp.Status, Reason: reason}
	}
	if want == '[' && string(body) == "null" {
		return json.RawMessage("[]"), nil
	}
	if want != 0 && body[0] != want {
		kind := map[byte]string{'{': "an object", '[': "a list"}[want]
		return nil, &ResponseError{Status: resp.Status, Reason: fmt.Sprintf("expected %s, got %s", kind, jsonKind(body[0]))}
	}
	return body, nil
}

func jsonKind(b byte) string {
	switch b {
	case '{':
		return "an object"
	case '[':
		return "a list"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// describeJSONError turns a decoding error into words that name the field.
func describeJSONError(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field != "" {
			return fmt.Sprintf("field %q has the wrong type: %s, want %s", te.Field, te.Value, te.Type)
		}
		return fmt.Sprintf("wrong type: %s, want %s", te.Value, te.Type)
	}
	return "cannot decode: " + err.Error()
}
