// A unit below the others.
