-- Placeholder
SELECT 1;
