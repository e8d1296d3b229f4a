// Package sandbox is a complete, persistent, local implementation of the
// Mottor (formerly LPmotor) promo code, product and site API described in
// api-spec.md.
//
// The sandbox keeps its state in one bbolt file, seeds it with demo data
// (sites, pages, products, promo codes and usage statistics) and serves the
// 14 API endpoints through an [http.Handler]. It backs two features of the
// CLI:
//
//   - promoctl sandbox serve: [Serve] runs the handler on a loopback address;
//   - the global --sandbox flag: [Transport] serves every request of the API
//     client in-process by calling the handler directly.
//
// The sandbox enforces what the API specification states (both auth headers,
// per-site error 30, per-promo error 40, the code rules, 201 on create, 204
// on delete) and fills the gaps the specification leaves the way the real
// service plausibly behaves; docs/sandbox.md lists every such choice and
// docs/openapi.yaml describes the resulting interface.
//
// Fixed credentials: user 1 with token "sandbox" can view sites 1 and 2;
// user 2 with token "sandbox-2" owns site 3.
//
// The package has no mutable package-level state: everything lives in a
// [Store] and the handlers built on it.
package sandbox
