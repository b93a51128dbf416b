module example.com/hsring

go 1.26

require electlab v0.0.0

replace electlab => ../..
