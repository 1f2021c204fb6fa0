// Input of test/Docs/layout-table.test.
