// Package claim is electlab's claim vocabulary: a claim of a paper about an
// algorithm as data (Claim: what it says, its settings, its formula
// evaluated exactly as a Rat, its checks), the checks a claim may name
// (observations, obligations; the sub-packages lockcheck, electcheck and
// claimkit), and the registry (Registry, Entry) that pairs each algorithm
// with its claims. It sits above the network model (package model) and
// below the algorithms (algos/...) and the engines (checker/...).
package claim
