"""The write side: selection, policy, parsing, structure, chunking, sync, presets and layer
administration; reads files and writes through `stratakb_core.store`."""
