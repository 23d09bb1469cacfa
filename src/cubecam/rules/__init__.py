"""The games' rules: what a layout of cubes scores. Rules never import vision."""
